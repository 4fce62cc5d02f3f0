import { isRecord, type JsonSchema, mapValueSchema, typesOf } from './json-schema';

/** How a prop is edited: each kind is one component (see field-for.tsx). */
export type FieldKind =
  | 'dataPoint'
  | 'dataPointId'
  | 'intent'
  | 'enum'
  | 'string'
  | 'number'
  | 'boolean'
  | 'scalarUnion'
  | 'array'
  | 'tuple'
  | 'object'
  | 'map'
  | 'json';

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/** The kind a schema asks for; `json` (a text area of JSON) for shapes no form field fits. */
export function fieldKind(schema: JsonSchema): FieldKind {
  const picker = schema['x-picker'];
  if (picker === 'dataPoint' || picker === 'dataPointId' || picker === 'intent') return picker;
  if (Array.isArray(schema.enum)) return 'enum';
  // null beside one type is "may be empty" (a map marker's lat), not a second kind of value.
  const types = typesOf(schema).filter((type) => type !== 'null');
  if (types.length > 1) return types.every((type) => SCALARS.has(type)) ? 'scalarUnion' : 'json';
  switch (types[0]) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return Array.isArray(schema.items) ? 'tuple' : 'array';
    case 'object':
      if (schema.properties) return 'object';
      return mapValueSchema(schema) ? 'map' : 'json';
    default:
      return 'json';
  }
}

/**
 * The kind to edit a value with: the schema's, unless the value does not fit
 * it (a number where text belongs, typed in code mode). Such a value is shown
 * as JSON, as it is, with its issue, rather than bent into a field.
 */
export function effectiveKind(schema: JsonSchema, value: unknown): FieldKind {
  const kind = fieldKind(schema);
  return value === undefined || fits(kind, schema, value) ? kind : 'json';
}

function fits(kind: FieldKind, schema: JsonSchema, value: unknown): boolean {
  const nullable = typesOf(schema).includes('null');
  switch (kind) {
    case 'string':
    case 'dataPoint':
      return typeof value === 'string';
    case 'number':
    case 'dataPointId':
      return typeof value === 'number' || (nullable && value === null);
    case 'boolean':
      return typeof value === 'boolean';
    case 'scalarUnion':
      return value === null ? nullable : typesOf(schema).some((type) => isOfType(value, type));
    case 'array':
    case 'tuple':
      return Array.isArray(value);
    case 'object':
    case 'map':
      return isRecord(value);
    default:
      return true;
  }
}

function isOfType(value: unknown, type: string): boolean {
  if (type === 'integer') return Number.isInteger(value);
  return typeof value === type;
}

/** Whether a number field takes whole numbers only. */
export function isInteger(schema: JsonSchema): boolean {
  return typesOf(schema).includes('integer') && !typesOf(schema).includes('number');
}

export function isNullable(schema: JsonSchema): boolean {
  return typesOf(schema).includes('null');
}
