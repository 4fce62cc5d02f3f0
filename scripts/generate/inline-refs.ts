import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

type Schema = Record<string, unknown>;

/** Keywords that describe a shared file, not the schema it holds. */
const FILE_KEYWORDS = ['$schema', '$id', '$comment'];

/**
 * Replaces each {"$ref": "<file>#<pointer>"} naming another file (a path
 * relative to the schema holding it, such as
 * "shared/point-selection.schema.json#/definitions/intent") with the schema
 * it points at, so the generated page schema, types and validator, and any
 * editor reading page.schema.json, see every prop whole. Keywords beside the
 * $ref (a widget's own description or default) win over the shared ones.
 * The same idea as server/http/shared-schemas.ts for API schemas, with
 * pointers into a file, so one file can hold several shared definitions.
 * A "#/..." ref inside the file itself is left alone.
 */
export function inlineFileRefs(schema: unknown, fromDir: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlineFileRefs(item, fromDir));
  if (schema === null || typeof schema !== 'object') return schema;
  const { $ref: ref, ...siblings } = schema as Schema;
  if (typeof ref === 'string' && !ref.startsWith('#')) {
    const [file = '', pointer = ''] = ref.split('#');
    const path = resolve(fromDir, file);
    const target = inlineFileRefs(at(readShared(path), pointer, ref), dirname(path)) as Schema;
    assertNoLocalRefs(target, ref);
    return { ...target, ...(inlineFileRefs(siblings, fromDir) as Schema) };
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, inlineFileRefs(value, fromDir)]),
  );
}

function readShared(path: string): Schema {
  let parsed: Schema;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: cannot be read as JSON (${(error as Error).message})`);
  }
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => !FILE_KEYWORDS.includes(key)));
}

/** The part of a file a JSON Pointer ("/definitions/intent") names; the whole file for "". */
function at(document: Schema, pointer: string, ref: string): Schema {
  let node: unknown = document;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    node = node !== null && typeof node === 'object' ? (node as Schema)[key] : undefined;
  }
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    throw new Error(`$ref "${ref}": points at no schema`);
  }
  return node as Schema;
}

/** A "#/..." ref in a shared definition would point into whichever file it is copied to. */
function assertNoLocalRefs(schema: Schema, ref: string): void {
  if (/"\$ref":"#/.test(JSON.stringify(schema))) {
    throw new Error(
      `$ref "${ref}": a shared definition must not $ref "#/..." (it is copied into other files)`,
    );
  }
}
