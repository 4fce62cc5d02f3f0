import { contracts, type EndpointName } from '../../src/generated/api-contracts';

/**
 * What a test calls a request to the app's own server: the contract's name
 * for /api (`sites`), the user pool's operation for /cognito
 * (`cognito:InitiateAuth`), and method and path for anything else
 * (`GET /files/logo.png`), so a failure names the endpoint, not a URL.
 */
export type EndpointLabel = EndpointName | `cognito:${string}` | `${string} /${string}`;

interface Binding {
  name: EndpointName;
  method: string;
  pattern: RegExp;
}

/** Each contract's method and path under /api, with `:name` parameters matching one segment. */
const BINDINGS: Binding[] = (
  Object.entries(contracts) as [EndpointName, { method: string; path: string }][]
).map(([name, { method, path }]) => ({
  name,
  method,
  pattern: new RegExp(`^/api${path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`),
}));

/** The contract bound to this method and path (no query string), if any. */
export function contractAt(method: string, pathname: string): EndpointName | undefined {
  return BINDINGS.find((binding) => binding.method === method && binding.pattern.test(pathname))?.name;
}

/**
 * The label of a request to the app's own origin. Amplify calls every user
 * pool operation at the one /cognito address and names it in a header.
 */
export function endpointLabel(method: string, url: URL, headers: Record<string, string>): EndpointLabel {
  const contract = contractAt(method, url.pathname);
  if (contract) return contract;
  const target = headers['x-amz-target'];
  if (url.pathname === '/cognito' && target) return `cognito:${target.split('.').pop()}`;
  return `${method} ${url.pathname}` as EndpointLabel;
}

/** Is this label a contract of the API (not the user pool, a file or a page)? */
export function isContract(label: string): label is EndpointName {
  return Object.hasOwn(contracts, label);
}
