import type { FastifyInstance, InjectOptions } from 'fastify';
import { type Contract, type HttpMethod, pathParameters, requestPlacement } from './contracts';

export interface Answer {
  status: number;
  body: unknown;
  /** The body as text, for answers that are not JSON. */
  text: string;
}

export interface Credentials {
  token?: string;
  apiKey?: string;
}

/**
 * Sends a request to an endpoint the way its contract binds it: path
 * parameters into the path, the rest into the query string (GET, DELETE,
 * uploads) or a JSON body. `raw` replaces the body with exactly these bytes.
 */
export async function callContract(
  app: FastifyInstance,
  contract: Contract,
  request: Record<string, unknown>,
  credentials: Credentials,
  raw?: { payload: string | Buffer; contentType: string },
): Promise<Answer> {
  const fields = { ...request };
  const path = contract.endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = fields[name];
    delete fields[name];
    return encodeURIComponent(typeof value === 'object' ? JSON.stringify(value) : String(value));
  });
  const placement = requestPlacement(contract.endpoint);
  const query = placement === 'query' ? queryString(fields) : '';
  const headers: Record<string, string> = {
    ...(credentials.token ? { authorization: `Bearer ${credentials.token}` } : {}),
    ...(credentials.apiKey ? { 'x-api-key': credentials.apiKey } : {}),
  };
  // An empty contentType sends the body with no Content-Type header at all.
  const body = raw
    ? {
        payload: raw.payload,
        headers: raw.contentType ? { ...headers, 'content-type': raw.contentType } : headers,
      }
    : placement === 'body'
      ? { payload: JSON.stringify(fields), headers: { ...headers, 'content-type': 'application/json' } }
      : { headers };
  const sent = { method: contract.endpoint.method, url: `/api${path}${query}`, ...body };
  if (contract.endpoint.stream) return firstEvent(app, sent);
  const response = await app.inject(sent);
  let parsed: unknown;
  try {
    parsed = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.statusCode, body: parsed, text: response.body };
}

/**
 * A stream contract's answer as a test reads it: a refusal's body, or the
 * stream's first event (its data parsed as the body). The stream stays open
 * on the server until the app closes, which ends every stream.
 */
async function firstEvent(app: FastifyInstance, sent: InjectOptions): Promise<Answer> {
  const response = await app.inject({ ...sent, payloadAsStream: true });
  let text = '';
  for await (const chunk of response.stream()) {
    text += String(chunk);
    if (response.statusCode !== 200 || !text.includes('\n\n')) continue;
    const data = text.split('\n\n')[0]?.replace(/^data: /, '') ?? '';
    return { status: response.statusCode, body: JSON.parse(data), text: data };
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.statusCode, body: parsed, text };
}

/** Path parameter names and the query or body fields of a contract's request, apart. */
export function requestFields(contract: Contract): string[] {
  const properties = Object.keys((contract.request.properties ?? {}) as object);
  const fromAllOf = ((contract.request.allOf ?? []) as { properties?: object }[]).flatMap((branch) =>
    Object.keys(branch.properties ?? {}),
  );
  return [...new Set([...properties, ...fromAllOf, ...pathParameters(contract.endpoint.path)])];
}

function queryString(fields: Record<string, unknown>): string {
  const given = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]): [string, string] => [
      name,
      typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value),
    ]);
  return given.length === 0 ? '' : `?${new URLSearchParams(given).toString()}`;
}

/** A contract once per address it answers at: its own, then each alias with the alias's method and path. */
export function everyAddress(contract: Contract): Contract[] {
  return [
    contract,
    ...(contract.endpoint.aliases ?? []).map((alias) => {
      const [method, path] = alias.split(' ') as [HttpMethod, string];
      return { ...contract, endpoint: { ...contract.endpoint, method, path } };
    }),
  ];
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

/** What a client would upload to an upload endpoint: a small image for image types, a one-row meter file otherwise. */
export function plausibleUpload(contract: Contract): { payload: Buffer; contentType: string } | undefined {
  const type = contract.endpoint.upload?.contentTypes[0];
  if (!type) return undefined;
  if (type.startsWith('image/')) return { payload: PNG, contentType: 'image/png' };
  return { payload: Buffer.from('Meter,Time,Value\nPlausible,2024-01-01T00:00:00Z,1\n'), contentType: type };
}
