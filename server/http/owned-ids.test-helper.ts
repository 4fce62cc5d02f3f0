import type { Contract, Schema } from './contracts';
import { inlineSharedRefs } from './shared-schemas';

/**
 * What a contract's `"x-owned"` says of a value in its request: it names a
 * record of the caller's organisation (`record`), written as the id itself,
 * inside text (`text`, "{id}" standing for the id, as in a formula's "#{id}"),
 * or as a filter that keeps the caller's records only (`filter`).
 */
export interface Owned {
  record: string;
  text?: string;
  filter?: boolean;
}

/** One step down a request schema: a property, a list's item, a map's value, or one branch of a oneOf/anyOf. */
export type Step = { property: string } | { item: true } | { value: true } | { branch: number };

/** Where in a request a value names an owned record. */
export interface OwnedLocation {
  path: Step[];
  owned: Owned;
  /** "/dataPoints/0/entityId": the location for people. */
  pointer: string;
}

/** Field names that read as ids: every such field must say whose record it names. */
const ID_NAME = /(^id$|Id$|Ids$|_id$)/;

/** The request schema with shared/ schemas inlined, its allOf merged, and the x-owned annotations kept. */
export function annotatedRequest(contract: Contract): Schema {
  return mergedAllOf(inlineSharedRefs(contract.raw.request) as Schema);
}

/** Every place in a contract's request that names an owned record, read from its "x-owned" annotations. */
export function ownedLocations(contract: Contract): OwnedLocation[] {
  const found: OwnedLocation[] = [];
  walk(annotatedRequest(contract), [], (schema, path) => {
    const owned = schema['x-owned'];
    if (owned === undefined) return true;
    found.push({
      path,
      owned: typeof owned === 'string' ? { record: owned } : (owned as Owned),
      pointer: pointerOf(path),
    });
    return false;
  });
  return found;
}

/**
 * Request fields that look like ids (named like one, or a shared/id.schema.json)
 * but do not say whose record they name: each is a place a test could not try
 * another organisation's id.
 */
export function unannotatedIdFields(contract: Contract): string[] {
  const missing: string[] = [];
  walk(annotatedRequest(contract), [], (schema, path) => {
    if (schema['x-owned'] !== undefined) return false;
    const last = path.at(-1);
    const named = last !== undefined && 'property' in last && ID_NAME.test(last.property);
    if (named && !ownedWithin(schema)) missing.push(pointerOf(path));
    return !named;
  });
  walkRaw(contract.raw.request, '', (schema, pointer) => {
    if (schema.$ref === 'shared/id.schema.json' && schema['x-owned'] === undefined) {
      missing.push(pointer.replaceAll('/properties/', '/').replaceAll('/items', '/0'));
    }
  });
  return [...new Set(missing)];
}

/** Calls visit on every subschema with its path; visit answers whether to look inside it. */
function walk(schema: Schema, path: Step[], visit: (schema: Schema, path: Step[]) => boolean): void {
  if (!visit(schema, path)) return;
  for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    walk(mergedAllOf(sub), [...path, { property: name }], visit);
  }
  if (isSchema(schema.items)) walk(mergedAllOf(schema.items), [...path, { item: true }], visit);
  if (isSchema(schema.additionalProperties)) {
    walk(mergedAllOf(schema.additionalProperties), [...path, { value: true }], visit);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      for (const [index, branch] of branches.entries()) {
        walk(mergedAllOf(branch), [...path, { branch: index }], visit);
      }
    }
  }
}

/** An id-named list or map whose items or values carry the annotation. */
function ownedWithin(schema: Schema): boolean {
  return [schema.items, schema.additionalProperties].some(
    (sub) => isSchema(sub) && sub['x-owned'] !== undefined,
  );
}

/** The contract as written, before shared/ schemas are inlined, where a $ref to the id schema still shows. */
function walkRaw(value: unknown, pointer: string, visit: (schema: Schema, pointer: string) => void): void {
  if (!isSchema(value)) return;
  visit(value, pointer);
  for (const [key, sub] of Object.entries(value)) {
    if (!Array.isArray(sub)) walkRaw(sub, `${pointer}/${key}`, visit);
    else for (const [index, item] of sub.entries()) walkRaw(item, `${pointer}/${key}/${index}`, visit);
  }
}

/** allOf's object branches as one schema, as the API's validator reads them together. */
export function mergedAllOf(schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  const merged: Schema = { type: 'object', ...rest, properties: {}, required: [] };
  for (const branch of (allOf as Schema[]).map(mergedAllOf)) {
    const { properties, required, ...others } = branch;
    Object.assign(merged, others);
    merged.properties = { ...(merged.properties as Schema), ...((properties as Schema | undefined) ?? {}) };
    merged.required = [...(merged.required as string[]), ...((required as string[] | undefined) ?? [])];
  }
  return merged;
}

function pointerOf(path: Step[]): string {
  return (
    path
      .map((step) =>
        'property' in step ? `/${step.property}` : 'item' in step ? '/0' : 'value' in step ? '/*' : '',
      )
      .join('') || '/'
  );
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
