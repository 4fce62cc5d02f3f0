import { contracts, type EndpointName } from '../../src/generated/api-contracts';

/**
 * The address pattern an endpoint answers on, as MSW matches it: any origin
 * (the gallery's, happy-dom's), then /api and the contract's path with its
 * `:name` parameters.
 */
export function routeOf(name: EndpointName): string {
  return `*/api${contracts[name].path}`;
}

/** Each endpoint's path as a pattern capturing its `:name` parameters, with their names. */
const routes = new Map(
  (Object.keys(contracts) as EndpointName[]).map((name) => {
    const { method, path } = contracts[name];
    const parameters = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
    const pattern = new RegExp(`^/api${path.replace(/:[A-Za-z0-9_]+/g, '([^/]+)')}$`);
    return [name, { method, parameters, pattern }] as const;
  }),
);

/** The names of an endpoint's `:name` path parameters. */
export function pathParameters(name: EndpointName): readonly string[] {
  return routes.get(name)?.parameters ?? [];
}

/** Which endpoint a request to /api is for, by its method and path; undefined for any other address. */
export function endpointOf(method: string, url: string): EndpointName | undefined {
  const { pathname } = new URL(url, 'http://localhost');
  for (const [name, route] of routes) {
    if (route.method === method && route.pattern.test(pathname)) return name;
  }
  return undefined;
}

/**
 * The fields of a request as the endpoint's handler receives them
 * (src/api/client.ts callEndpoint): path parameters and the query string for
 * GET, DELETE and uploads, the JSON body otherwise. Values from the address
 * are text, as they arrive.
 */
export async function requestFields(name: EndpointName, request: Request): Promise<Record<string, unknown>> {
  const { method, upload } = contracts[name];
  const route = routes.get(name);
  const url = new URL(request.url);
  const fields: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const values = route?.pattern.exec(url.pathname)?.slice(1) ?? [];
  route?.parameters.forEach((parameter, index) => {
    fields[parameter] = decodeURIComponent(values[index] ?? '');
  });
  const inQuery = method === 'GET' || method === 'DELETE' || upload;
  if (!inQuery) Object.assign(fields, await request.json().catch(() => ({})));
  return fields;
}
