/** What a decoder made of one payload: readings by field name, and what it could not read. */
export interface DecodedValues {
  values: Map<string, number>;
  problems: string[];
  /** Fields the payload has but that hold no reading (text, null, a list), each shown as it came: why a mapped field got nothing. */
  notReadings?: Map<string, string>;
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
  return decodedReadings(decoded).values;
}

/** readingValues, and what each left-out field held. */
export function decodedReadings(
  decoded: Record<string, unknown>,
): Required<Pick<DecodedValues, 'values' | 'notReadings'>> {
  const found = { values: new Map<string, number>(), notReadings: new Map<string, string>() };
  collect(decoded, '', 0, found);
  return found;
}

function collect(
  object: Record<string, unknown>,
  prefix: string,
  depth: number,
  into: Required<Pick<DecodedValues, 'values' | 'notReadings'>>,
): void {
  for (const [key, value] of Object.entries(object)) {
    const name = `${prefix}${key}`;
    if (typeof value === 'number' && Number.isFinite(value)) into.values.set(name, value);
    else if (typeof value === 'boolean') into.values.set(name, value ? 1 : 0);
    else if (isPlainObject(value) && depth < MAX_DEPTH) collect(value, `${name}_`, depth + 1, into);
    else into.notReadings.set(name, shownAsSent(value));
  }
}

/** A left-out value for a problem message: short, and never more of the payload than a few characters. */
function shownAsSent(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (isPlainObject(value)) return 'an object nested too deep';
  return String(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
