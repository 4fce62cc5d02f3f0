import { readFileSync } from 'node:fs';
import { inlineSharedRefs } from './shared-schemas';

const API_SCHEMAS = new URL('../../schemas/api/', import.meta.url);

type Schema = Record<string, unknown>;

/**
 * Request and response schemas of one endpoint, from schemas/api/<name>.schema.json:
 * the same file the generated frontend types come from.
 */
export function endpointSchema(name: string): {
  body?: Schema;
  response: { 200: Schema };
  description: string;
} {
  const file = inlineSharedRefs(
    JSON.parse(readFileSync(new URL(`${name}.schema.json`, API_SCHEMAS), 'utf8')),
  ) as {
    definitions?: Record<string, Schema>;
    description: string;
  };
  const { request, response } = (file.definitions ?? {}) as { request?: Schema; response?: Schema };
  if (!request || !response) {
    throw new Error(`schemas/api/${name}.schema.json needs definitions.request and definitions.response`);
  }
  // A request without a JSON type is a raw upload (an image's bytes): there is no JSON body to validate.
  const body = request.type || request.allOf ? withoutAnnotations(request) : undefined;
  return {
    ...(body ? { body } : {}),
    response: { 200: withoutAnnotations(response) },
    description: file.description,
  };
}

/** json-schema-to-typescript's tsType means nothing to the validator. */
function withoutAnnotations(schema: Schema): Schema {
  const { tsType: _tsType, ...rest } = schema;
  return rest;
}
