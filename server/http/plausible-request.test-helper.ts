import fc from 'fast-check';
import type { Schema } from './contracts';
import { mergedAllOf, type Owned, type Step } from './owned-ids.test-helper';

/** The id (or user id) to write where a request names an owned record. */
export type IdOf = (owned: Owned) => number | string;

/** One owned place of the request, and whose id to write there instead. */
export interface Placed {
  path: Step[];
  idOf: IdOf;
}

const FIRST_DAY = Date.parse('2024-01-01T00:00:00Z');
const DAY = 86_400_000;

/**
 * The smallest request a client would plausibly send by a request schema:
 * required fields (and those they depend on) only, the first choice of every enum and oneOf, a list of
 * one, a field's example or default where it gives one, and each owned
 * record named by `idOf`. Each date-time is a day after the one before, so a
 * period's end follows its start. `placed` writes another id at one owned
 * place (with the fields and branches on the way to it), as a test trying one id at a time does.
 */
export function plausibleRequest(schema: Schema, idOf: IdOf, placed?: Placed): Record<string, unknown> {
  let day = 0;
  const nextDate = () => new Date(FIRST_DAY + DAY * day++).toISOString();

  function build(raw: Schema, rest: Step[] | undefined): unknown {
    const schema = mergedAllOf(raw);
    const owned = schema['x-owned'];
    if (owned !== undefined && (rest === undefined || rest.length === 0)) {
      const how = typeof owned === 'string' ? { record: owned } : (owned as Owned);
      return written(how, rest === undefined ? idOf : (placed as Placed).idOf, schema);
    }
    if ('const' in schema) return schema.const;
    // A field's own example (a devEui, say) is a value the server takes; a whole request's names other rows.
    const leaf = schema.type !== 'object' && schema.type !== 'array';
    if (rest === undefined && leaf && Array.isArray(schema.examples)) return schema.examples[0];
    if (rest === undefined && 'default' in schema) return schema.default;
    if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? null;
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = schema[key];
      if (!Array.isArray(branches)) continue;
      const step = rest?.[0];
      const index = step && 'branch' in step ? step.branch : 0;
      const { [key]: _branches, ...base } = schema;
      return build(
        mergedAllOf({ allOf: [base, branches[index]] }),
        step && 'branch' in step ? rest?.slice(1) : rest,
      );
    }
    switch (typeOf(schema, rest?.[0])) {
      case 'object':
        return object(schema, rest);
      case 'array': {
        const step = rest?.[0];
        const items = (schema.items ?? {}) as Schema;
        const count = Math.max((schema.minItems as number | undefined) ?? 1, 1);
        return Array.from({ length: count }, (_, index) =>
          build(items, index === 0 && step && 'item' in step ? rest?.slice(1) : undefined),
        );
      }
      case 'integer':
      case 'number':
        return (
          (schema.minimum as number | undefined) ?? ((schema.exclusiveMinimum as number | undefined) ?? 0) + 1
        );
      case 'boolean':
        return false;
      case 'null':
        return null;
      default:
        return text(schema);
    }
  }

  function object(schema: Schema, rest: Step[] | undefined): Record<string, unknown> {
    const step = rest?.[0];
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const wanted = new Set((schema.required ?? []) as string[]);
    if (step && 'property' in step) wanted.add(step.property);
    // A field that needs others ("dependencies": a template's name and mapping go together) brings them.
    const dependencies = (schema.dependencies ?? {}) as Record<string, unknown>;
    for (const name of [...wanted]) {
      const needs = dependencies[name];
      if (Array.isArray(needs)) for (const other of needs) wanted.add(other as string);
    }
    const value: Record<string, unknown> = {};
    for (const [name, sub] of Object.entries(properties)) {
      const onTheWay = step !== undefined && 'property' in step && step.property === name;
      if (wanted.has(name)) value[name] = build(sub, onTheWay ? rest?.slice(1) : undefined);
    }
    // A map (decoded field → data point, say) gets one entry, so what it maps is there to check.
    const values = schema.additionalProperties;
    if (typeof values === 'object' && values !== null) {
      value.field = build(values as Schema, step && 'value' in step ? rest?.slice(1) : undefined);
    }
    return value;
  }

  function text(schema: Schema): string {
    if (schema.format === 'date-time') return nextDate();
    if (schema.format === 'email') return 'someone@example.test';
    if (typeof schema.pattern === 'string') {
      return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 1 })[0] as string;
    }
    const minLength = (schema.minLength as number | undefined) ?? 1;
    return 'Plausible'.padEnd(minLength, 'x');
  }

  return build(schema, placed?.path) as Record<string, unknown>;
}

/** An owned record's id as the request writes it: the id, as text where the schema wants text, or inside text. */
function written(owned: Owned, idOf: IdOf, schema: Schema): number | string {
  const id = idOf(owned);
  if (owned.text !== undefined) return owned.text.replace('{id}', String(id));
  return typeOf(schema, undefined) === 'string' ? String(id) : id;
}

/** The type to build: the one the next step needs, else the first that is not null. */
function typeOf(schema: Schema, next: Step | undefined): string | undefined {
  if (next && 'property' in next) return 'object';
  if (next && 'value' in next) return 'object';
  if (next && 'item' in next) return 'array';
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}
