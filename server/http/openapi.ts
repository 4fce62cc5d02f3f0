import {
  type Contract,
  documentedStatuses,
  pathParameters,
  requestPlacement,
  type Schema,
} from './contracts';
import { errorBodySchema } from './error-body';

type Operation = Record<string, unknown>;

const SECURITY = {
  public: [],
  apiKey: [{ apiKey: [] }],
  user: [{ bearer: [] }],
  member: [{ bearer: [] }],
} as const;

/**
 * The OpenAPI 3.1 document of /api, made from the same contract files as the
 * routes and the browser client, so it cannot describe an endpoint the
 * server does not have. Schemas a contract defines for itself (a tree node
 * that contains tree nodes) become components, so every $ref resolves.
 */
export function openApiDocument(contracts: Contract[]): Record<string, unknown> {
  const components: Record<string, Schema> = { ApiErrorBody: errorBodySchema };
  const paths: Record<string, Record<string, Operation>> = {};
  for (const contract of contracts) {
    const addresses = [
      `${contract.endpoint.method} ${contract.endpoint.path}`,
      ...(contract.endpoint.aliases ?? []),
    ];
    addresses.forEach((binding, index) => {
      const [method, path] = binding.split(' ') as [string, string];
      const operationId = index === 0 ? contract.name : `${contract.name}Alias${index}`;
      const address = `/api${openApiPath(path)}`;
      paths[address] = {
        ...paths[address],
        [method.toLowerCase()]: operation(contract, operationId, components),
      };
    });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Insights API',
      version: '1',
      description:
        'Made from schemas/api/*.schema.json, the contracts the server registers its routes from. Send the ID token from the user pool as a Bearer token; machines pushing readings send an API key.',
    },
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      },
    },
  };
}

function operation(contract: Contract, operationId: string, components: Record<string, Schema>): Operation {
  const { endpoint, description } = contract;
  const request = liftDefinitions(contract.request, contract.name, components);
  const response = liftDefinitions(contract.response, contract.name, components);
  const inPath = pathParameters(endpoint.path);
  const properties = (request.properties ?? {}) as Record<string, Schema>;
  const required = new Set((request.required ?? []) as string[]);
  const placement = requestPlacement(endpoint);
  const parameter = (name: string, where: 'path' | 'query') => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: properties[name] ?? {},
  });
  const parameters = [
    ...inPath.map((name) => parameter(name, 'path')),
    ...(placement === 'query'
      ? Object.keys(properties)
          .filter((name) => !inPath.includes(name))
          .map((name) => parameter(name, 'query'))
      : []),
  ];
  return {
    operationId,
    summary: firstSentence(description),
    description,
    security: SECURITY[endpoint.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.upload
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              endpoint.upload.contentTypes.map((type) => [
                type,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            ),
          },
        }
      : placement === 'body'
        ? { requestBody: { required: true, content: { 'application/json': { schema: request } } } }
        : {}),
    responses: {
      200: endpoint.stream
        ? {
            description: "A stream of Server-Sent Events, each event's data one of these as JSON.",
            content: { 'text/event-stream': { schema: response } },
          }
        : { description: 'Done.', content: { 'application/json': { schema: response } } },
      ...Object.fromEntries(
        documentedStatuses(endpoint)
          .filter((status) => status !== '200')
          .map((status) => [
            status,
            {
              description: endpoint.refuses?.[status] ?? REFUSAL_MEANING[status],
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } },
            },
          ]),
      ),
    },
  };
}

const REFUSAL_MEANING: Record<string, string> = {
  '400': 'The request is not valid; `issues` names each field by its JSON Pointer.',
  '401': 'No valid token or API key.',
  '402':
    'The organisation’s plan does not allow this; `planLimit` names the limit and the plan that lifts it.',
  '403': 'The caller has no organisation, or names one that is not theirs.',
  '404': 'Nothing with that id in the caller’s organisation.',
  '413': 'The body is over this endpoint’s limit; the message names it.',
  '415': 'The body’s Content-Type is not one this endpoint takes.',
  '429': 'Too many attempts; try again later.',
  '503':
    'Not for now, and nothing was changed: the database is away for a moment (Retry-After says when to try again), the work this asks for is queued past its limit (forecasts), or the storage has no room for a file.',
};

/**
 * Moves a schema's own `definitions` into the document's components and
 * points its `#/definitions/<name>` references there.
 */
function liftDefinitions(schema: Schema, contractName: string, components: Record<string, Schema>): Schema {
  const found = new Map<string, string>();
  const collect = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const { definitions } = node as { definitions?: Record<string, Schema> };
    for (const [name, definition] of Object.entries(definitions ?? {})) {
      found.set(name, typeof definition.title === 'string' ? definition.title : `${contractName}_${name}`);
    }
    for (const value of Object.values(node)) collect(value);
  };
  collect(schema);
  if (found.size === 0) return schema;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const entries = Object.entries(node).filter(([key]) => key !== 'definitions');
    return Object.fromEntries(
      entries.map(([key, value]) => {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/definitions/')) {
          return [key, `#/components/schemas/${found.get(value.slice('#/definitions/'.length))}`];
        }
        return [key, rewrite(value)];
      }),
    );
  };
  const lift = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const { definitions } = node as { definitions?: Record<string, Schema> };
    for (const [name, definition] of Object.entries(definitions ?? {})) {
      components[found.get(name) as string] = rewrite(definition) as Schema;
    }
    for (const value of Object.values(node)) lift(value);
  };
  lift(schema);
  return rewrite(schema) as Schema;
}

/** /restApi/:id → /restApi/{id} */
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function firstSentence(text: string): string {
  return text.split(/(?<=\.)\s/)[0] ?? text;
}
