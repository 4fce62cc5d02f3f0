import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlanFeature } from '../../src/generated/api-types';
import { inlineSharedRefs } from './shared-schemas';

// A path, not a URL: happy-dom's URL (widget tests read the contracts too) is not one node:fs accepts.
const API_SCHEMAS = fileURLToPath(new globalThis.URL('../../schemas/api/', import.meta.url).href);
const CONTRACT_SUFFIX = '.schema.json';

export type Schema = Record<string, unknown>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * Who may call an endpoint: anyone; a machine with an organisation's API key;
 * any signed-in user (with or without an organisation); a signed-in member of an organisation.
 */
export type EndpointAuth = 'public' | 'apiKey' | 'user' | 'member';
/** A member's role, highest first (schemas/api/shared/role.schema.json). */
export type EndpointRole = 'owner' | 'admin' | 'editor' | 'viewer';

/** The `x-endpoint` block of a contract: where the endpoint lives and who may call it. */
export interface EndpointBinding {
  method: HttpMethod;
  /** Under /api, with `:name` for path parameters, e.g. /restApi/:id. */
  path: string;
  auth: EndpointAuth;
  /** For `member` endpoints, and only for them: the lowest role that may call it. */
  role?: EndpointRole;
  /** For `member` endpoints: the part of the product they belong to, which only some plans include (402 without it). */
  feature?: PlanFeature;
  /** The body is a file's bytes, not JSON: the request schema then describes the query string. */
  upload?: { contentTypes: string[]; maxBytes: number };
  /**
   * The answer is a stream of Server-Sent Events that stays open, each event's data one response as JSON:
   * the handler gives an async iterable of them, ended when the caller goes (register-endpoints.ts).
   */
  stream?: boolean;
  /** The largest JSON body, when not the API's 1 MB. */
  bodyLimit?: number;
  /** What to say when the body is over the limit, when the default sentence would not help. */
  tooLarge?: string;
  /** Other "METHOD /path" addresses the same endpoint answers at (names the spec's app used). */
  aliases?: string[];
  /** false for endpoints only other servers call (Stripe's webhook): the browser's client leaves them out. */
  browser?: boolean;
  /**
   * Statuses this endpoint answers beyond those every endpoint of its kind may (REFUSALS), each with when:
   * with them the contract names every status the endpoint can answer.
   */
  refuses?: Record<string, string>;
}

/**
 * The statuses every endpoint may refuse with, by who may call it. Any may
 * answer 503 while the database is away (restarting, failing over): the
 * request changed nothing and can be sent again.
 */
export const REFUSALS: Record<EndpointAuth, string[]> = {
  public: ['400', '404', '413', '415', '429', '503'],
  apiKey: ['400', '401', '413', '415', '503'],
  user: ['400', '401', '404', '413', '415', '429', '503'],
  member: ['400', '401', '402', '403', '404', '413', '415', '429', '503'],
};

/** Every status the endpoint can answer, as its contract names them: 200, its kind's refusals and its own. */
export function documentedStatuses(endpoint: EndpointBinding): string[] {
  return [...new Set(['200', ...REFUSALS[endpoint.auth], ...Object.keys(endpoint.refuses ?? {})])];
}

/** One endpoint as its file in schemas/api/ describes it: the single source for routes, client and docs. */
export interface Contract {
  name: string;
  description: string;
  endpoint: EndpointBinding;
  /** With shared/ references inlined. */
  request: Schema;
  response: Schema;
  /** As written, with shared/ references and x-owned kept. */
  raw: { request: Schema; response: Schema };
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];
const AUTHS: readonly EndpointAuth[] = ['public', 'apiKey', 'user', 'member'];
const ROLES: readonly EndpointRole[] = ['owner', 'admin', 'editor', 'viewer'];
const FEATURES: readonly PlanFeature[] = ['mqtt', 'lorawan', 'apiKeys'];

/** Every contract in schemas/api/, sorted by name, each checked for the fields the server and generator rely on. */
export function readContracts(): Contract[] {
  return readdirSync(API_SCHEMAS)
    .filter((file) => file.endsWith(CONTRACT_SUFFIX))
    .sort()
    .map((file) => readContract(file.slice(0, -CONTRACT_SUFFIX.length)));
}

let cache: Map<string, Contract> | undefined;

/** Every contract, read once per process: the server's routes and its OpenAPI document. */
export function loadedContracts(): Contract[] {
  cache ??= new Map(readContracts().map((contract) => [contract.name, contract]));
  return [...cache.values()];
}

/** One contract by name, read once per process. */
export function contractNamed(name: string): Contract {
  loadedContracts();
  const contract = cache?.get(name);
  if (!contract) throw new Error(`schemas/api/${name}.schema.json does not exist`);
  return contract;
}

function readContract(name: string): Contract {
  const where = `schemas/api/${name}.schema.json`;
  const file = JSON.parse(readFileSync(join(API_SCHEMAS, `${name}${CONTRACT_SUFFIX}`), 'utf8')) as {
    description?: string;
    'x-endpoint'?: EndpointBinding;
    definitions?: { request?: Schema; response?: Schema };
  };
  const { request, response } = file.definitions ?? {};
  if (!request || !response) throw new Error(`${where} needs definitions.request and definitions.response`);
  if (typeof request.title !== 'string' || typeof response.title !== 'string') {
    throw new Error(`${where}: the request and response each need a title (it names their generated type)`);
  }
  const endpoint = checkedBinding(file['x-endpoint'], where);
  const isObject =
    request.type === 'object' || (requestPlacement(endpoint) === 'body' && Array.isArray(request.allOf));
  if (!isObject) {
    throw new Error(
      `${where}: the request is an object (the body, or for GET, DELETE and uploads the query)`,
    );
  }
  const inlined = inlineSharedRefs(file.definitions) as { request: Schema; response: Schema };
  return {
    name,
    description: file.description ?? '',
    endpoint,
    request: withoutAnnotations(inlined.request),
    response: withoutAnnotations(inlined.response),
    raw: { request, response },
  };
}

function checkedBinding(binding: EndpointBinding | undefined, where: string): EndpointBinding {
  if (!binding) throw new Error(`${where} needs "x-endpoint": {"method", "path", "auth"}`);
  if (!METHODS.includes(binding.method)) throw new Error(`${where}: x-endpoint.method is one of ${METHODS}`);
  if (!AUTHS.includes(binding.auth)) throw new Error(`${where}: x-endpoint.auth is one of ${AUTHS}`);
  // Every member endpoint says which role it needs, so none is open to viewers by forgetting.
  if (binding.auth === 'member' && !ROLES.includes(binding.role as EndpointRole)) {
    throw new Error(
      `${where}: a member endpoint names the lowest role that may call it, x-endpoint.role: one of ${ROLES}`,
    );
  }
  if (binding.auth !== 'member' && binding.role !== undefined) {
    throw new Error(`${where}: x-endpoint.role is for member endpoints only`);
  }
  if (binding.feature !== undefined && (binding.auth !== 'member' || !FEATURES.includes(binding.feature))) {
    throw new Error(`${where}: x-endpoint.feature is for member endpoints, one of ${FEATURES}`);
  }
  for (const [status, meaning] of Object.entries(binding.refuses ?? {})) {
    if (!/^[45]\d\d$/.test(status) || REFUSALS[binding.auth].includes(status) || !meaning) {
      throw new Error(
        `${where}: x-endpoint.refuses names statuses beyond its kind's (${REFUSALS[binding.auth]}), each with when it is answered`,
      );
    }
  }
  if (binding.stream !== undefined && (binding.stream !== true || binding.upload)) {
    throw new Error(`${where}: x-endpoint.stream is true or left out, and an upload cannot answer a stream`);
  }
  if (!/^\/[A-Za-z0-9_\-/:]+$/.test(binding.path)) {
    throw new Error(`${where}: x-endpoint.path starts with / and names the path under /api`);
  }
  return binding;
}

/** The names of a path's parameters: /restApi/:id → ["id"]. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
}

/** Where the request's fields travel: the path, the query string, or a JSON body. */
export function requestPlacement(endpoint: EndpointBinding): 'query' | 'body' {
  return endpoint.method === 'GET' || endpoint.method === 'DELETE' || endpoint.upload ? 'query' : 'body';
}

/**
 * Keywords for our tools, not for a validator, serializer or OpenAPI reader:
 * json-schema-to-typescript's tsType, and x-owned, which says whose record an
 * id names (read by the tenant-isolation test, from `raw`).
 */
const TOOL_KEYWORDS = new Set(['tsType', 'x-owned']);

function withoutAnnotations(schema: Schema): Schema {
  if (Array.isArray(schema)) return schema.map(withoutAnnotations) as unknown as Schema;
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !TOOL_KEYWORDS.has(key))
      .map(([key, value]) => [key, withoutAnnotations(value as Schema)]),
  );
}
