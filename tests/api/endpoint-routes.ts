import { contracts, type EndpointName } from '../../src/generated/api-contracts';

/**
 * The address pattern an endpoint answers on, as MSW matches it: any origin
 * (the gallery's, jsdom's), then /api and the contract's path with its
 * `:name` parameters.
 */
export function routeOf(name: EndpointName): string {
  return `*/api${contracts[name].path}`;
}

const routes = (Object.keys(contracts) as EndpointName[]).map((name) => ({
  name,
  method: contracts[name].method,
  pattern: new RegExp(`^/api${contracts[name].path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`),
}));

/** Which endpoint a request to /api is for, by its method and path; undefined for any other address. */
export function endpointOf(method: string, url: string): EndpointName | undefined {
  const { pathname } = new URL(url, 'http://localhost');
  return routes.find((route) => route.method === method && route.pattern.test(pathname))?.name;
}
