import { vi } from 'vitest';

type Handler = (body: unknown, method: string) => { status?: number; body: unknown };

/**
 * Replaces fetch with answers per /api/<path>, recording each call, so a
 * widget's requests and its reaction to answers can be checked without a server.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { path: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = String(input).replace(/^\/api\//, '');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ path, method, body });
      const handler = handlers[path];
      const answer = handler
        ? handler(body, method)
        : { status: 404, body: { message: `no mock for ${path}` } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

export const APP_CONFIG = {
  appConfig: () => ({
    body: {
      auth: { userPoolId: 'local_test', userPoolClientId: 'client', userPoolEndpointPath: '/cognito' },
      billingProvider: 'local',
    },
  }),
};
