import type { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An answer: its status and parsed body, which tests read field by field. */
// biome-ignore lint/suspicious/noExplicitAny: tests read the fields they check from each answer.
export type Answer = { status: number; body: any };

/** The page endpoints at their own methods and paths, called with one member's token. */
export function pagesApi(server: Server, token: string) {
  const call = async (method: Method, url: string, body?: object): Promise<Answer> => {
    const response = await server.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  return {
    list: () => call('GET', '/dashboard'),
    create: (body: object) => call('POST', '/dashboard', body),
    get: (id: number) => call('GET', `/dashboard/${id}`),
    update: (id: number, body: object) => call('PUT', `/dashboard/${id}`, body),
    remove: (id: number) => call('DELETE', `/dashboard/${id}`),
    revisions: (id: number) => call('GET', `/dashboard/${id}/revisions`),
    revision: (id: number, revision: number) => call('GET', `/dashboard/${id}/revisions/${revision}`),
    restore: (id: number, body: object) => call('POST', `/dashboard/${id}/restore`, body),
    reset: (id: number, body: object) => call('POST', `/dashboard/${id}/reset`, body),
    under: (id: number) => call('GET', `/subDashboard/${id}`),
    widget: (body: object) => call('PUT', '/widgetConfig', body),
  };
}

/** A small valid page: two stat cards whose widgets share the key "s", and a text card. */
export function samplePage(title = 'Plant room') {
  const stat = (key: string, label: string, value: number) => ({
    key,
    span: 4,
    cards: [{ key, widgets: [{ key: 's', name: 'stat', data: { label, value } }] }],
  });
  return {
    schemaVersion: 2,
    id: 'plant-room',
    title,
    rows: [
      {
        key: 'figures',
        columns: [
          stat('gas', 'Gas', 7),
          stat('water', 'Water', 3),
          {
            key: 'notes',
            span: 4,
            cards: [
              { key: 'notes', widgets: [{ key: 't', name: 'text', data: { body: 'Checked weekly' } }] },
            ],
          },
        ],
      },
    ],
  };
}
