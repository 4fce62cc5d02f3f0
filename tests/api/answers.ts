import { type HttpHandler, HttpResponse, http } from 'msw';
import { contracts, type EndpointName, type Endpoints } from '../../src/generated/api-contracts';
import { requestFields, routeOf } from './endpoint-routes';

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
  return methods[binding.method](routeOf(name), async ({ request }) => {
    const body =
      typeof reply === 'function'
        ? (reply as (r: Request<N>) => Response<N>)((await requestFields(name, request)) as Request<N>)
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
