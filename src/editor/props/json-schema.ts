/**
 * The part of JSON Schema (draft-07) the widgets' props use, as
 * schemas/page.schema.json holds them: refs inlined, annotations kept.
 */
export interface JsonSchema {
  type?: JsonType | JsonType[];
  title?: string;
  description?: string;
  default?: unknown;
  examples?: unknown[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  /** Which of the editor's pickers fills the prop in (see field-kind.ts). */
  'x-picker'?: string;
  [keyword: string]: unknown;
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** The types a schema allows, as a list: `type: "string"` and `type: ["string"]` read alike. */
export function typesOf(schema: JsonSchema): JsonType[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** The schema of a map's values: an object whose keys are free and whose values all follow one schema. */
export function mapValueSchema(schema: JsonSchema): JsonSchema | undefined {
  const values = schema.additionalProperties;
  return typeof values === 'object' ? values : undefined;
}

/** The schema of every item of a list; undefined for a tuple, whose positions differ. */
export function itemSchema(schema: JsonSchema): JsonSchema {
  return schema.items && !Array.isArray(schema.items) ? schema.items : {};
}

/**
 * The props of which at least one must be set, read from an `anyOf` whose
 * branches only require props (kpi: dataPoint or intent); empty otherwise.
 */
export function requiredOneOf(schema: JsonSchema): string[] {
  const branches = schema.anyOf;
  if (!branches?.every((branch) => Array.isArray(branch.required))) return [];
  return branches.flatMap((branch) => branch.required ?? []);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
