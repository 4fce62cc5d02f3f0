import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { roleAllows } from '../../src/auth/roles';
import type { EndpointName } from '../../src/generated/api-contracts';
import type { PlanFeature } from '../../src/generated/api-types';
import type { ApiContext } from './api-context';
import { fieldError, notYours, roleLacks } from './api-error';
import type { CallerGuards } from './caller-guards';
import {
  type Contract,
  contractNamed,
  type EndpointBinding,
  type EndpointRole,
  pathParameters,
  requestPlacement,
} from './contracts';
import type { EndpointHandler } from './define-handler';
import { errorBodySchema } from './error-body';
import { sendEventStream } from './event-stream';
import { megabytes } from './megabytes';
import { compileRequestValidator } from './request-validators';
import { compileResponseSerializer } from './response-serializers';

/** The API's JSON body limit, unless a contract says otherwise. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What to tell someone whose body is over this route's limit. */
    tooLarge?: string;
    /** The contract the route answers for: what it may answer is there (contracts.ts, documentedStatuses). */
    contract?: string;
  }
}

/**
 * Registers every handler at its contract's method and path, each in a
 * plugin scope of its own, through one path: the caller is checked in
 * onRequest (before any body is read), the body limit is the contract's, the
 * request is validated against the contract's request schema and the answer
 * serialized through its response schema.
 */
export async function registerEndpoints(
  api: FastifyInstance,
  handlers: EndpointHandler[],
  { context, guards }: { context: ApiContext; guards: CallerGuards },
): Promise<void> {
  api.decorateRequest('caller');
  api.decorateRequest('apiKey');
  api.setValidatorCompiler(compileRequestValidator);
  api.setSerializerCompiler(compileResponseSerializer);
  const checks = callerChecks(guards);
  const calls = new CallsUnderWay();
  // Before the server stops taking connections: open streams end, or closing would wait for them forever.
  api.addHook('preClose', async () => calls.abortAll());
  for (const handler of handlers) {
    const checkCaller = checks(contractNamed(handler.name).endpoint);
    const route = async (scope: FastifyInstance) =>
      endpointRoute(scope, handler, { checkCaller, context, calls });
    await api.register(namedPlugin(route, `endpoint ${handler.name}`));
  }
}

/**
 * Each call's abort signal: aborted when its caller goes (the connection
 * closes) or the app closes. Streams end with it; other handlers may stop
 * work nobody waits for.
 */
class CallsUnderWay {
  readonly #open = new Set<AbortController>();

  signalFor(reply: FastifyReply): AbortSignal {
    const controller = new AbortController();
    this.#open.add(controller);
    reply.raw.once('close', () => {
      this.#open.delete(controller);
      // A call answered in full has nobody to stop. Aborting it anyway made an AbortError, stack and all, on
      // every request: bench:load's sites answered 1,174-1,405 requests a second with it, 1,450-1,476 without.
      if (!reply.raw.writableFinished) controller.abort();
    });
    return controller.signal;
  }

  abortAll(): void {
    for (const controller of this.#open) controller.abort();
    this.#open.clear();
  }
}

/**
 * Gives a plugin the name Fastify reports it by (its plugin tree, its
 * time-outs). Without one, Fastify looks for the plugin among the exports of
 * every loaded module, twice per plugin: a hundred endpoints made each start
 * of the app search the module cache two hundred times.
 */
function namedPlugin<T extends object>(plugin: T, name: string): T {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}

type ValidatorCompiler = typeof compileRequestValidator;

function endpointRoute(
  scope: FastifyInstance,
  handler: EndpointHandler,
  {
    checkCaller,
    context,
    calls,
  }: {
    checkCaller: onRequestHookHandler | undefined;
    context: ApiContext;
    calls: CallsUnderWay;
  },
): void {
  const contract = contractNamed(handler.name);
  const { endpoint } = contract;
  const limit = bodyLimit(contract, handler);
  if (endpoint.upload) {
    // The body is the file's bytes, and only the contract's types are taken: anything else is 415.
    scope.removeAllContentTypeParsers();
    for (const type of endpoint.upload.contentTypes) {
      scope.addContentTypeParser(contentTypePattern(type), { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
    }
  }
  // After the upload's parsers, so a parser the handler adds is not removed with them.
  handler.options.setup?.(scope, context);
  const placement = requestPlacement(endpoint);
  const call = handler.handle as (call: object) => Promise<unknown>;
  const schema = routeSchema(contract, handler.name);
  const addresses = [`${endpoint.method} ${endpoint.path}`, ...(endpoint.aliases ?? [])];
  for (const address of addresses) {
    const [method, url] = address.split(' ') as [string, string];
    scope.route({
      method,
      url,
      schema,
      bodyLimit: limit.bytes,
      config: { tooLarge: limit.message, contract: handler.name },
      ...(checkCaller ? { onRequest: checkCaller } : {}),
      ...(endpoint.upload ? { preHandler: requireFile(endpoint.upload.contentTypes) } : {}),
      ...(handler.options.bodyValidator ? { validatorCompiler: bodyValidatorWith(handler) } : {}),
      handler: async (request, reply) => {
        const signal = calls.signalFor(reply);
        const answer = await call({
          input:
            placement === 'body'
              ? withParameters(request)
              : { ...(request.query as object), ...(request.params as object) },
          file: endpoint.upload ? request.body : undefined,
          context,
          request,
          reply,
          signal,
          caller: request.caller,
          organisationId: request.caller?.organisationId,
          apiKey: request.apiKey,
        });
        if (!endpoint.stream) return answer;
        return sendEventStream(
          reply,
          answer as AsyncIterable<unknown>,
          compileResponseSerializer({ schema: contract.response }),
          signal,
        );
      },
    });
  }
}

/** An upload without a body at all (no Content-Type, nothing sent) is refused before the handler sees it. */
function requireFile(contentTypes: string[]) {
  return async (request: FastifyRequest) => {
    if (!Buffer.isBuffer(request.body)) {
      throw fieldError(
        '',
        `Send the file itself as the body, with its Content-Type (${contentTypes.join(', ')}).`,
      );
    }
  };
}

/** The body, with any path parameters beside its fields. */
function withParameters(request: FastifyRequest): unknown {
  const parameters = request.params as Record<string, unknown> | undefined;
  if (!parameters || Object.keys(parameters).length === 0) return request.body;
  return { ...(request.body as object), ...parameters };
}

const routeSchemas = new WeakMap<Contract, ReturnType<typeof partSchemas>>();

/**
 * Fastify's per-part schemas from the contract's one request schema, the same
 * objects for every app the process builds, so their validators and
 * serializers are compiled once (request-validators.ts, response-serializers.ts).
 */
function routeSchema(contract: Contract, name: EndpointName) {
  const known = routeSchemas.get(contract);
  if (known) return known;
  const schemas = partSchemas(contract, name);
  routeSchemas.set(contract, schemas);
  return schemas;
}

function partSchemas(contract: Contract, name: EndpointName) {
  const { endpoint, request, response, description } = contract;
  const inPath = pathParameters(endpoint.path);
  const properties = (request.properties ?? {}) as Record<string, unknown>;
  const required = (request.required ?? []) as string[];
  // Each part keeps the request's other keywords (dependencies, anyOf, ...) and its own fields.
  const part = (names: string[]) => ({
    ...request,
    type: 'object',
    properties: Object.fromEntries(names.map((key) => [key, properties[key]])),
    required: required.filter((key) => names.includes(key)),
    additionalProperties: false,
  });
  const others = Object.keys(properties).filter((key) => !inPath.includes(key));
  const placement = requestPlacement(endpoint);
  return {
    operationId: name,
    description,
    ...(inPath.length > 0 ? { params: part(inPath) } : {}),
    ...(placement === 'query' ? { querystring: part(others) } : {}),
    ...(placement === 'body' ? { body: inPath.length > 0 ? part(others) : request } : {}),
    response: { 200: response, '4xx': errorBodySchema, '5xx': errorBodySchema },
  };
}

/** The contract's limit, or the handler's when it is known only at start-up; the sentence names it. */
function bodyLimit(contract: Contract, handler: EndpointHandler): { bytes: number; message: string } {
  const fromHandler = handler.options.bodyLimit?.();
  if (fromHandler) return fromHandler;
  const { upload, bodyLimit: jsonLimit, tooLarge } = contract.endpoint;
  const bytes = upload?.maxBytes ?? jsonLimit ?? DEFAULT_BODY_LIMIT;
  const what = upload ? 'The file' : 'The request body';
  return {
    bytes,
    message: tooLarge ?? `${what} is larger than the ${megabytes(bytes)} limit of this endpoint.`,
  };
}

/** image/* → a pattern Fastify matches against the request's Content-Type. */
function contentTypePattern(type: string): string | RegExp {
  return type.endsWith('/*') ? new RegExp(`^${type.slice(0, -1).replace('/', '\\/')}`) : type;
}

/** The API's validators, with the handler's own wrapped around the body's. */
function bodyValidatorWith(handler: EndpointHandler) {
  const wrap = handler.options.bodyValidator as NonNullable<typeof handler.options.bodyValidator>;
  return (route: Parameters<ValidatorCompiler>[0]) => {
    const validate = compileRequestValidator(route);
    if (route.httpPart !== 'body') return validate;
    const wrapped = wrap(validate as (data: unknown) => boolean) as typeof validate;
    Object.defineProperty(wrapped, 'errors', { get: () => (validate as { errors?: unknown }).errors });
    return wrapped;
  };
}

/**
 * onRequest checks by the contract's `auth`, `role` and `feature`: each throws 401,
 * 403 for a member without an organisation or with a role below the endpoint's,
 * or 402 when the organisation's plan lacks the endpoint's feature.
 */
function callerChecks({
  authenticate,
  authenticateApiKey,
  requireFeature,
}: CallerGuards): (endpoint: EndpointBinding) => onRequestHookHandler | undefined {
  const apiKey: onRequestHookHandler = async (request) => {
    request.apiKey = await authenticateApiKey(request);
  };
  const user: onRequestHookHandler = async (request) => {
    request.caller = await authenticate(request);
  };
  const member =
    (required: EndpointRole, feature: PlanFeature | undefined): onRequestHookHandler =>
    async (request) => {
      request.caller = await authenticate(request);
      // A signed-in user without an organisation is refused like any outsider (spec §4 sends them to /organisation).
      if (request.caller.organisationId === null) throw notYours();
      if (!roleAllows(request.caller.role, required)) throw roleLacks(request.caller.role, required);
      if (feature) await requireFeature(request.caller.organisationId, feature);
    };
  return (endpoint) => {
    switch (endpoint.auth) {
      case 'public':
        return undefined;
      case 'apiKey':
        return apiKey;
      case 'user':
        return user;
      case 'member':
        return member(endpoint.role as EndpointRole, endpoint.feature);
    }
  };
}
