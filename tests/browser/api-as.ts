import { contracts, type EndpointName, type Endpoints } from '../../src/generated/api-contracts';

/**
 * Calls the app's API from the test as a signed-in person's browser does,
 * each endpoint as its contract binds it: path parameters filled in, the rest
 * as the query (GET, DELETE, uploads) or the JSON body; an upload's body is
 * the file, with its type. A failure throws its status and message.
 */
export function apiAs(baseUrl: string, token: string) {
  return async <N extends EndpointName>(
    name: N,
    request: Endpoints[N]['request'],
    file?: Blob,
  ): Promise<Endpoints[N]['response']> => {
    const { method, path, upload } = contracts[name];
    const fields: Record<string, unknown> = { ...(request as object) };
    const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_match, field: string) => {
      const value = fields[field];
      delete fields[field];
      return encodeURIComponent(String(value));
    });
    const inQuery = method === 'GET' || method === 'DELETE' || upload;
    const query = inQuery ? `?${new URLSearchParams(fields as Record<string, string>).toString()}` : '';
    const sent = upload ? file : inQuery ? undefined : JSON.stringify(fields);
    const type = upload ? file?.type : inQuery ? undefined : 'application/json';
    const response = await fetch(`${baseUrl}/api${filled}${query}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(type ? { 'content-type': type } : {}) },
      ...(sent ? { body: sent } : {}),
    });
    const answer = await response.json().catch(() => undefined);
    if (!response.ok) throw new Error(`${name} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer as Endpoints[N]['response'];
  };
}
