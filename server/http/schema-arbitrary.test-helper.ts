import fc from 'fast-check';

type Schema = Record<string, unknown>;

/** Most ids in a test database are small: half of the ids drawn are, so requests name rows that exist. */
const NEAR_MINIMUM = 40;
const LONGEST_STRING = 60;
const LONGEST_ARRAY = 5;

/**
 * A fast-check arbitrary for values a JSON Schema (draft-07, as our contracts
 * write them, shared/ references inlined) describes: types, enums and
 * consts, objects with required and optional fields, arrays, numbers and
 * strings within their limits, patterns, date-times, and anyOf/oneOf/allOf.
 * The values aim at what a client could send; keywords it does not model
 * (dependencies, if/then) may make a value invalid, which the server must
 * then refuse with a 400, so the test still holds.
 */
export function arbitraryFor(schema: Schema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.allOf)) return arbitraryFor(mergeAll(schema.allOf as Schema[], schema));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const { [key]: _branches, ...base } = schema;
      return fc.oneof(...(branches as Schema[]).map((branch) => arbitraryFor(mergeAll([base, branch], {}))));
    }
  }
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryFor({ ...schema, type })));
  switch (types[0]) {
    case 'object':
      return objectArbitrary(schema);
    case 'array':
      return fc.array(arbitraryFor((schema.items as Schema | undefined) ?? {}), {
        minLength: (schema.minItems as number | undefined) ?? 0,
        // Kept short, but never below what the schema asks (a schedule's 12 months of 24 hours).
        maxLength: Math.max(
          (schema.minItems as number | undefined) ?? 0,
          Math.min((schema.maxItems as number | undefined) ?? LONGEST_ARRAY, LONGEST_ARRAY),
        ),
      });
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: (schema.minimum as number | undefined) ?? -1e9,
        max: (schema.maximum as number | undefined) ?? 1e9,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringArbitrary(schema);
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function objectArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = ((schema.required ?? []) as string[]).filter((key) => key in properties);
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, arbitraryFor(value)]),
  );
  return fc.record(model, { requiredKeys: required });
}

function integerArbitrary(schema: Schema): fc.Arbitrary<number> {
  const min = Math.max((schema.minimum as number | undefined) ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
  const max = Math.min((schema.maximum as number | undefined) ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER);
  return fc.oneof(fc.integer({ min, max: Math.min(max, min + NEAR_MINIMUM) }), fc.integer({ min, max }));
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.max(
    minLength,
    Math.min((schema.maxLength as number | undefined) ?? LONGEST_STRING, 200),
  );
  if (schema.format === 'date-time') {
    return fc
      .date({
        min: new Date('1990-01-01T00:00:00Z'),
        max: new Date('2040-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (typeof schema.pattern === 'string') {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((text) => text.length >= minLength && text.length <= maxLength);
  }
  return fc.string({ minLength, maxLength });
}

/** allOf's object branches as one schema: properties and required lists together. */
function mergeAll(branches: Schema[], outer: Schema): Schema {
  const { allOf: _allOf, ...rest } = outer;
  const merged: Schema = { ...rest, properties: {}, required: [] };
  for (const branch of branches) {
    const { properties, required, ...others } = branch;
    Object.assign(merged, others);
    merged.properties = { ...(merged.properties as Schema), ...((properties as Schema | undefined) ?? {}) };
    merged.required = [...(merged.required as string[]), ...((required as string[] | undefined) ?? [])];
  }
  if (Object.keys(merged.properties as Schema).length > 0 && !merged.type) merged.type = 'object';
  return merged;
}
