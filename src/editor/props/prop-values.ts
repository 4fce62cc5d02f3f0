import { fieldKind } from './field-kind';
import { type JsonSchema, typesOf } from './json-schema';

/** The object with `key` set to `value`, in its place; `undefined` removes the key. */
export function withProp(
  object: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  if (value !== undefined) return { ...object, [key]: value };
  const { [key]: _removed, ...rest } = object;
  return rest;
}

/** The object with a key renamed, keeping its place (the order people wrote their columns in). */
export function withKeyRenamed(
  object: Record<string, unknown>,
  from: string,
  to: string,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key === from ? to : key, value]));
}

/** The list with one item moved from one place to another. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item as T);
  return moved;
}

export function withItem<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((existing, at) => (at === index ? item : existing));
}

export function withoutItem<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, at) => at !== index);
}

/**
 * What a new item of a list starts as: its default, else the emptiest value
 * of its kind. An object starts with nothing in it: the issues then name
 * what it needs, at each field, rather than the form inventing values.
 */
export function newValueFor(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (typesOf(schema).includes('null')) return null;
  switch (fieldKind(schema)) {
    case 'object':
    case 'map':
      return {};
    case 'array':
      return [];
    case 'tuple':
      return (schema.items as JsonSchema[]).map(newValueFor);
    case 'number':
    case 'dataPointId':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'scalarUnion':
      return typesOf(schema).includes('string') ? '' : 0;
    case 'string':
    case 'dataPoint':
      return '';
    default:
      return null;
  }
}

/** A key not yet in the object: "key", else "key 2", "key 3"… */
export function freeKey(object: Record<string, unknown>, base: string): string {
  if (!(base in object)) return base;
  let number = 2;
  while (`${base} ${number}` in object) number += 1;
  return `${base} ${number}`;
}
