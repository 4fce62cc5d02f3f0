import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { childPointer } from '../../src/engine/validation/issue';
import { arbitraryFor } from './schema-arbitrary.test-helper';

type Schema = Record<string, unknown>;

/** One request with one field broken: where, how, and the request to send. */
export interface BrokenField {
  pointer: string;
  what: string;
  request: Record<string, unknown>;
  /** The JSON body as text, for a value too deep for JSON.stringify's stack. */
  payload?: string;
}

/** One past PostgreSQL's int4, where every id is kept. */
const PAST_INT4 = 2 ** 31;
/** PostgreSQL refuses U+0000 in text, so a string carrying it can never be stored. */
const WITH_NUL = 'nul\u0000byte';
/** Far past any nesting a request needs; the JSON parser's depth guard must stop it. */
const DEEP_LEVELS = 5000;

const ajv = addFormats(new Ajv({ strict: false, allowUnionTypes: true }));

/**
 * Every integer and string field of a request schema, at any depth (inside
 * objects, the first item of lists, each branch of anyOf/oneOf), replaced in
 * `base` one at a time by a value the API can never store: an integer past
 * int4, a string with a NUL, and, where the request is a JSON body, a value
 * nested 5,000 deep. Each must be refused with a 400 naming that field.
 */
export function brokenFields(
  schema: Schema,
  base: Record<string, unknown>,
  { jsonBody }: { jsonBody: boolean },
): BrokenField[] {
  const deep = (key: string): BrokenField => {
    const pointer = childPointer('', key);
    const request = breakAt(base, pointer, DEEP_MARK);
    const payload = JSON.stringify(request).replace(JSON.stringify(DEEP_MARK), nestedText());
    return { pointer, what: `a ${DEEP_LEVELS}-deep value`, request, payload };
  };
  return [...leavesOf(schema, base, ''), ...(jsonBody ? topLevelFields(schema).map(deep) : [])];
}

/** The leaves under `pointer`, each broken in a copy of the whole request. */
function leavesOf(schema: Schema, request: Record<string, unknown>, pointer: string): BrokenField[] {
  const found: BrokenField[] = [];
  const value = valueAt(request, pointer);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const { [key]: _branches, ...rest } = schema;
    for (const branch of branches as Schema[]) {
      const merged = { ...rest, ...branch };
      // A value of another branch would be refused for that, not for the field broken here.
      const fitting = ajv.validate(merged, value) ? value : sampleOf(merged);
      found.push(...leavesOf(merged, breakAt(request, pointer, fitting), pointer));
    }
    return found;
  }
  for (const part of (schema.allOf ?? []) as Schema[]) found.push(...leavesOf(part, request, pointer));
  const types = typesOf(schema);
  const maximum = schema.maximum as number | undefined;
  if (types.includes('integer') && (maximum === undefined || maximum < PAST_INT4)) {
    found.push({ pointer, what: `${PAST_INT4}`, request: breakAt(request, pointer, PAST_INT4) });
  }
  if (types.includes('string')) {
    found.push({ pointer, what: 'a NUL character', request: breakAt(request, pointer, WITH_NUL) });
  }
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const [key, child] of Object.entries(properties)) {
    const at = childPointer(pointer, key);
    const present = valueAt(request, at) !== undefined;
    found.push(...leavesOf(child, present ? request : breakAt(request, at, sampleOf(child)), at));
  }
  const items = schema.items as Schema | undefined;
  if (items && typeof items === 'object' && !Array.isArray(items)) {
    const first = Array.isArray(value) && value.length > 0 ? value[0] : sampleOf(items);
    found.push(...leavesOf(items, breakAt(request, pointer, [first]), childPointer(pointer, 0)));
  }
  return found;
}

function topLevelFields(schema: Schema): string[] {
  const own = Object.keys((schema.properties ?? {}) as object);
  const fromAllOf = ((schema.allOf ?? []) as Schema[]).flatMap((part) =>
    Object.keys((part.properties ?? {}) as object),
  );
  return [...new Set([...own, ...fromAllOf])];
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  return typeof schema.type === 'string' ? [schema.type] : [];
}

function sampleOf(schema: Schema): unknown {
  return fc.sample(arbitraryFor(schema), { numRuns: 1, seed: 42 })[0];
}

/** Stands in the request for the deep value, which is written as text. */
const DEEP_MARK = '\u0001deep\u0001';

/** [[[…]]] 5,000 levels down. */
function nestedText(): string {
  return `${'['.repeat(DEEP_LEVELS)}1${']'.repeat(DEEP_LEVELS)}`;
}

function steps(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((step) => step.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const step of steps(pointer)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** A copy of the request with the value at `pointer` replaced, making the objects and lists on the way. */
function breakAt(
  request: Record<string, unknown>,
  pointer: string,
  replacement: unknown,
): Record<string, unknown> {
  const path = steps(pointer);
  if (path.length === 0) return replacement as Record<string, unknown>;
  const copy = structuredClone(request);
  let parent: Record<string, unknown> = copy;
  for (const [index, step] of path.entries()) {
    if (index === path.length - 1) {
      parent[step] = replacement;
      break;
    }
    const next = parent[step];
    const isList = /^\d+$/.test(path[index + 1] as string);
    if (next === null || typeof next !== 'object') parent[step] = isList ? [] : {};
    parent = parent[step] as Record<string, unknown>;
  }
  return copy;
}
