import { readFileSync } from 'node:fs';

const SHARED_DIR = new URL('../../schemas/api/shared/', import.meta.url);

type Schema = Record<string, unknown>;

/**
 * Replaces each {"$ref": "shared/<name>.schema.json"} in an endpoint schema
 * with that file's schema, so a shape several endpoints use (an import
 * mapping, say) is written once and both the server's validator and the
 * generated types see it whole.
 */
export function inlineSharedRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inlineSharedRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  const { $ref: ref, ...siblings } = schema as Schema;
  if (typeof ref === 'string' && ref.startsWith('shared/')) {
    const {
      $schema: _schema,
      $id: _id,
      ...shared
    } = JSON.parse(readFileSync(new URL(ref.slice('shared/'.length), SHARED_DIR), 'utf8')) as Schema;
    // Keywords beside the $ref (a title naming the generated type) are kept.
    return inlineSharedRefs({ ...shared, ...siblings });
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlineSharedRefs(value)]));
}
