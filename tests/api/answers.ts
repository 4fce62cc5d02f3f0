import { type HttpHandler, HttpResponse, http } from 'msw';
import { contracts, type EndpointName, type Endpoints } from '../../src/generated/api-contracts';
import { routeOf } from './endpoint-routes';

type Request<N extends EndpointName> = Endpoints[N]['request'];
type Response<N extends EndpointName> = Endpoints[N]['response'];

/** What an endpoint answers in a test or a story: its response, or one worked out from the request. */
export type Answer<N extends EndpointName> = Response<N> | ((request: Request<N>) => Response<N>);

const methods = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/**
 * An endpoint answering as its contract says: the answer is typed by the
 * generated API types, so a fixture that drifts from the server's contract
 * fails to compile.
 */
export function answer<N extends EndpointName>(name: N, reply: Answer<N>): HttpHandler {
  const binding = contracts[name];
  return methods[binding.method](routeOf(name), async ({ request, params }) => {
    const body =
      typeof reply === 'function'
        ? (reply as (r: Request<N>) => Response<N>)(await requestOf(name, request, params))
        : reply;
    return HttpResponse.json(body as object);
  });
}

/** An endpoint answering with an error in the API's shape, as the server does when something fails. */
export function failWith(
  name: EndpointName,
  status: number,
  message = `The server answered ${status}.`,
): HttpHandler {
  // The error shape of schemas/api/shared/error.schema.json.
  const error = { message };
  return methods[contracts[name].method](routeOf(name), () => HttpResponse.json(error, { status }));
}

/** An endpoint that never answers, for showing what a widget shows while it waits. */
export function neverAnswer(name: EndpointName): HttpHandler {
  return methods[contracts[name].method](routeOf(name), () => new Promise<never>(() => {}));
}

/**
 * The request as the handler of this endpoint receives it (src/api/client.ts
 * callEndpoint): path parameters and the query string for GET, DELETE and
 * uploads, the JSON body otherwise.
 */
async function requestOf<N extends EndpointName>(
  name: N,
  request: globalThis.Request,
  params: Record<string, string | readonly string[] | undefined>,
): Promise<Request<N>> {
  const binding = contracts[name];
  const fields: Record<string, unknown> = Object.fromEntries(new URL(request.url).searchParams);
  // Only the contract's own `:name` parameters: MSW also numbers the wildcard before /api.
  for (const [, key = ''] of binding.path.matchAll(/:([A-Za-z0-9_]+)/g)) fields[key] = params[key];
  const inQuery = binding.method === 'GET' || binding.method === 'DELETE' || binding.upload;
  if (!inQuery) Object.assign(fields, await request.json().catch(() => ({})));
  return fields as Request<N>;
}
