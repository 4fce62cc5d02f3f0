import type { FastifyInstance } from 'fastify';
import { contractNamed } from '../../server/http/contracts';
import { contracts, type EndpointName } from '../../src/generated/api-contracts';

/**
 * A request carrying this header with a contract's name gets that contract's
 * 500: one browser context can see one endpoint broken while the other tests
 * sharing the server see it work.
 */
export const BREAK_HEADER = 'x-e2e-break-endpoint';

/**
 * How an endpoint is broken: it fails (the API's own 500), it never answers
 * in the time a page has to settle, or it answers 200 with a body that lacks
 * a field its contract requires (the field removed wherever it occurs).
 */
export type Breakage = { kind: 'fail' } | { kind: 'hang' } | { kind: 'drop'; field: string };

/** Longer than a page has to settle (page-watch.ts), so a hanging endpoint keeps its page busy. */
const HANG_MS = 60_000;

/** Endpoints the app under test answers wrongly on purpose, to show that the tests notice. */
export interface EndpointBreaker {
  /** From now on, every caller gets this endpoint broken (a 500 unless said), at each of its addresses. */
  breakEndpoint(name: EndpointName, breakage?: Breakage): void;
  mendEndpoint(name: EndpointName): void;
}

/**
 * The endpoints broken, kept apart from the app they are installed on, so
 * that an app started again (a restart) breaks the same ones.
 */
export function endpointBreaker(brokenFromStart: Map<EndpointName, Breakage>): EndpointBreaker & {
  install(app: FastifyInstance): void;
} {
  const broken = new Map(brokenFromStart);
  return {
    breakEndpoint: (name, breakage = { kind: 'fail' }) => broken.set(name, breakage),
    mendEndpoint: (name) => broken.delete(name),
    install: (app) => installHooks(app, broken),
  };
}

/**
 * Installs the breaker on the app before it listens. Fastify gives a hook
 * added to the root after the API's plugins were registered to their routes
 * too, at start-up. A failure is thrown, so the answer is the API's own 500,
 * through its error handler, in its error shape; a dropped field is taken out
 * after the answer was serialized, as a handler bypassing its contract would.
 */
function installHooks(app: FastifyInstance, broken: Map<EndpointName, Breakage>): void {
  const names = contractsByAddress();
  const nameOf = (method: string, url: string | undefined) => names.get(`${method} ${url}`);
  app.addHook('onRequest', async (request) => {
    const name = nameOf(request.method, request.routeOptions.url);
    if (!name) return;
    if (request.headers[BREAK_HEADER] === name || broken.get(name)?.kind === 'fail') {
      throw new Error(`${name} is broken by the test`);
    }
    if (broken.get(name)?.kind === 'hang') await new Promise((resolve) => setTimeout(resolve, HANG_MS));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const name = nameOf(request.method, request.routeOptions.url);
    const breakage = name ? broken.get(name) : undefined;
    if (breakage?.kind !== 'drop' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    return JSON.stringify(JSON.parse(payload), (key, value) => (key === breakage.field ? undefined : value));
  });
}

/**
 * The endpoints E2E_BREAK_ENDPOINT names, comma-separated, each checked
 * against the contracts: `sites` fails, `sites:hang` never answers in time,
 * `sites:drop=entityCount` answers without that field.
 */
export function endpointsBrokenByEnvironment(): Map<EndpointName, Breakage> {
  const broken = new Map<EndpointName, Breakage>();
  const entries = (process.env.E2E_BREAK_ENDPOINT ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [name = '', how = 'fail'] = entry.split(':');
    if (!Object.hasOwn(contracts, name)) throw new Error(`E2E_BREAK_ENDPOINT: ${name} is not a contract`);
    broken.set(name as EndpointName, breakageNamed(how, entry));
  }
  return broken;
}

function breakageNamed(how: string, entry: string): Breakage {
  if (how === 'fail' || how === 'hang') return { kind: how };
  const field = /^drop=(\w+)$/.exec(how)?.[1];
  if (field) return { kind: 'drop', field };
  throw new Error(`E2E_BREAK_ENDPOINT: ${entry}: after the name comes fail, hang or drop=<field>`);
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
