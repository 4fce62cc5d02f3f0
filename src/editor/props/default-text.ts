import type { JsonSchema } from './json-schema';

/** A default as a placeholder shows it: text as it is, anything else as JSON. */
export function defaultText(schema: JsonSchema): string | undefined {
  if (schema.default === undefined) return undefined;
  return typeof schema.default === 'string' ? schema.default : JSON.stringify(schema.default);
}
