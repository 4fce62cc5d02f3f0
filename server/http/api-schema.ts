import { readFileSync } from 'node:fs';

const API_SCHEMAS = new URL('../../schemas/api/', import.meta.url);

/**
 * Request and response schemas of one endpoint, from schemas/api/<name>.schema.json:
 * the same file the generated frontend types come from.
 */
export function endpointSchema(name: string): { body: object; response: { 200: object } } {
  const file = JSON.parse(readFileSync(new URL(`${name}.schema.json`, API_SCHEMAS), 'utf8'));
  const { request, response } = file.definitions ?? {};
  if (!request || !response)
    throw new Error(`schemas/api/${name}.schema.json needs definitions.request and definitions.response`);
  return { body: request, response: { 200: response } };
}
