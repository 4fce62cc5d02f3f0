import type { FastifyInstance } from 'fastify';
import { contractNamed } from '../../server/http/contracts';
import { contracts, type EndpointName } from '../../src/generated/api-contracts';

/**
 * A request carrying this header with a contract's name gets that contract's
 * 500: one browser context can see one endpoint broken while the other tests
 * sharing the server see it work.
 */
export const BREAK_HEADER = 'x-e2e-break-endpoint';

/** Endpoints the app under test answers with a server failure, as if their handler had thrown. */
export interface EndpointBreaker {
  /** From now on, every caller gets 500 from this endpoint, at each of its addresses. */
  breakEndpoint(name: EndpointName): void;
  mendEndpoint(name: EndpointName): void;
}

/**
 * Installs the breaker on the app before it listens. Fastify gives a hook
 * added to the root after the API's plugins were registered to their routes
 * too, at start-up. The hook throws, so the answer is the API's own 500,
 * through its error handler, in its error shape.
 */
export function installEndpointBreaker(
  app: FastifyInstance,
  brokenFromStart: EndpointName[],
): EndpointBreaker {
  const broken = new Set<EndpointName>(brokenFromStart);
  const names = contractsByAddress();
  app.addHook('onRequest', async (request) => {
    const name = names.get(`${request.method} ${request.routeOptions.url}`);
    if (name && (broken.has(name) || request.headers[BREAK_HEADER] === name)) {
      throw new Error(`${name} is broken by the test`);
    }
  });
  return {
    breakEndpoint: (name) => broken.add(name),
    mendEndpoint: (name) => broken.delete(name),
  };
}

/** The contract names in E2E_BREAK_ENDPOINT (comma-separated), checked against the contracts. */
export function endpointsBrokenByEnvironment(): EndpointName[] {
  const names = (process.env.E2E_BREAK_ENDPOINT ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!Object.hasOwn(contracts, name)) throw new Error(`E2E_BREAK_ENDPOINT: ${name} is not a contract`);
  }
  return names as EndpointName[];
}

/** "POST /api/sites" → sites, for each contract's address and its aliases, as Fastify names the route. */
function contractsByAddress(): Map<string, EndpointName> {
  const byAddress = new Map<string, EndpointName>();
  for (const name of Object.keys(contracts) as EndpointName[]) {
    const { method, path, aliases = [] } = contractNamed(name).endpoint;
    for (const address of [`${method} ${path}`, ...aliases]) {
      const [verb, url] = address.split(' ') as [string, string];
      byAddress.set(`${verb} /api${url}`, name);
    }
  }
  return byAddress;
}
