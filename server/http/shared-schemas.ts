import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A path, not a URL: happy-dom's URL (widget tests read the contracts too) is not one node:fs accepts.
const SHARED_DIR = fileURLToPath(new globalThis.URL('../../schemas/api/shared/', import.meta.url).href);

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
    } = JSON.parse(readFileSync(join(SHARED_DIR, ref.slice('shared/'.length)), 'utf8')) as Schema;
    // Keywords beside the $ref (a title naming the generated type) are kept.
    return inlineSharedRefs({ ...shared, ...siblings });
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlineSharedRefs(value)]));
}
