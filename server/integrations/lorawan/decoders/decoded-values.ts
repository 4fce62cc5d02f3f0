/** What a decoder made of one payload: readings by field name, and what it could not read. */
export interface DecodedValues {
  values: Map<string, number>;
  problems: string[];
}

/** Nested objects deeper than this are not sensor values; they are skipped rather than walked. */
const MAX_DEPTH = 4;

/**
 * The readings in a decoded payload: finite numbers as they are, booleans as
 * 0 and 1, nested objects flattened with '_' (gps_1: {latitude} gives
 * gps_1_latitude, the names the Cayenne LPP decoder uses too). Text, arrays,
 * null and non-finite numbers are no readings and are left out.
 */
export function readingValues(decoded: Record<string, unknown>): Map<string, number> {
  const values = new Map<string, number>();
  collect(decoded, '', 0, values);
  return values;
}

function collect(
  object: Record<string, unknown>,
  prefix: string,
  depth: number,
  into: Map<string, number>,
): void {
  for (const [key, value] of Object.entries(object)) {
    const name = `${prefix}${key}`;
    if (typeof value === 'number' && Number.isFinite(value)) into.set(name, value);
    else if (typeof value === 'boolean') into.set(name, value ? 1 : 0);
    else if (isPlainObject(value) && depth < MAX_DEPTH) collect(value, `${name}_`, depth + 1, into);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
