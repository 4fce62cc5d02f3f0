import { catalogueEntry } from '../catalogue';

/**
 * Hostile strings for the safety test (widgets/hostile-strings.test.tsx):
 * every free-text string of a widget's example, found by walking the
 * example with its schema, replaced by markup, an attribute break-out or a
 * `javascript:` URL. Each replaced string carries a tag of its own inside
 * its payload (pwnm0, pwnm1, ... for markup; pwna0 for an attribute break-out;
 * pwnu0 for a URL), so whatever leaks into the page names the attack and
 * the prop it came from.
 */

type Schema = Record<string, unknown>;

/** What the hostile strings of one render try to do. */
export type Attack = 'markup' | 'attribute' | 'url';
export const ATTACKS: readonly Attack[] = ['markup', 'attribute', 'url'];

/** Finds the tags in a piece of the page. */
export const TAG = /pwn[a-z]\d+/g;

/** One string of the example, wherever it occurs, and what replaced it. */
export interface Replacement {
  /** The tag inside the hostile value, unique within the example: "pwn", the attack's initial, a number. */
  tag: string;
  /** The string as the example writes it. */
  original: string;
  /** Where it occurs, as JSON Pointers into the widget's data. */
  pointers: string[];
  /** The hostile value put in its place, or undefined when the schema refuses every one. */
  hostile: string | undefined;
  /**
   * The schema refuses every value of the attack's own kind (a `javascript:`
   * URL under a pattern asking for http(s)): a URL-shaped value that breaks
   * out of its attribute stands in, or nothing when the schema refuses that too.
   */
  refused: boolean;
  /** The schema marks it "x-text": words a person reads. */
  text: boolean;
}

export interface HostileExample {
  data: Record<string, unknown>;
  replacements: Replacement[];
}

/** A string of the example with the schemas that describe it. */
interface Leaf {
  pointer: string;
  value: string;
  schemas: Schema[];
}

/** Script that marks the page as taken over, naming the string that ran (window.__pwned). */
function runs(tag: string): string {
  return `__pwned='${tag}'`;
}

/**
 * What an attack tries, most hostile first; the first value the prop's
 * schema accepts (length, pattern) is used. The short ones are for props of
 * 20 characters or so (units).
 */
function ownKind(attack: Attack, tag: string): string[] {
  const run = runs(tag);
  switch (attack) {
    case 'markup':
      return [
        `<script>${run}</script><img src=x onerror="${run}"><iframe src="javascript:${run}"></iframe>`,
        `<script>${run}</script><img src=x onerror="${run}">`,
        `<img src=x onerror="${run}">`,
        `<script>${tag}</script>`,
        `<b onclick=${tag}>`,
      ];
    case 'attribute':
      return [
        `" onmouseover="${run}" style="width:expression(${run});background:url(javascript:${run})`,
        `' onfocus='${run}' style='width:expression(${run})`,
        `"onclick="${tag}`,
        `expression(${tag})`,
      ];
    case 'url':
      return [`javascript:${run}`, ` JavaScript:${run}`, `javascript:${tag}`];
  }
}

/**
 * For a prop whose pattern asks for http(s), mailto or a path (and refuses
 * the attack's own kind): values that pass it and still try to break out of
 * the attribute they land in. None has a space, which some patterns refuse.
 */
function urlShaped(attack: Attack, tag: string): string[] {
  const run = runs(tag);
  switch (attack) {
    case 'markup':
      return [`https://x.test/"><script>${run}</script>`, `/"><script>${run}</script>`];
    case 'attribute':
      return [`https://x.test/"onmouseover="${run}`, `/"onmouseover="${run}`];
    case 'url':
      return [
        `mailto:"><iframe/src="javascript:${run}">`,
        `https://x.test/"><iframe/src="javascript:${run}">`,
        `/"><iframe/src="javascript:${run}">`,
      ];
  }
}

/** The example with each free-text string replaced by this attack's hostile value for it. */
export function hostileExample(name: string, example: number, attack: Attack): HostileExample {
  const { schema, data, leaves } = exampleStrings(name, example);
  return replaced(schema, data, replacementsFor(leaves, attack));
}

/**
 * The example with a `javascript:` URL in each prop whose schema refuses
 * one, and every other string as written: what a document that skipped
 * validation would hand the widget, to see the widget's own check refuse it.
 */
export function unvalidatedScriptUrls(name: string, example: number): HostileExample {
  const { schema, data, leaves } = exampleStrings(name, example);
  const replacements = replacementsFor(leaves, 'url')
    .filter((replacement) => replacement.refused)
    .map((replacement) => ({ ...replacement, hostile: ownKind('url', replacement.tag)[0] }));
  return replaced(schema, data, replacements);
}

/** An example, its schema and its free-text strings. */
function exampleStrings(name: string, example: number) {
  const entry = catalogueEntry(name);
  const data = entry?.examples[example];
  if (!entry || !data) throw new Error(`${name} has no example ${example}`);
  const leaves: Leaf[] = [];
  collectLeaves(data, [entry.schema], '', leaves);
  return { schema: entry.schema, data, leaves: leaves.filter((leaf) => isFreeText(leaf.schemas)) };
}

function replaced(
  schema: Schema,
  data: Record<string, unknown>,
  replacements: Replacement[],
): HostileExample {
  const byOriginal = new Map(replacements.map((replacement) => [replacement.original, replacement.hostile]));
  return { data: substitute(data, [schema], byOriginal) as Record<string, unknown>, replacements };
}

/**
 * One replacement per distinct string: a value written twice (a table's
 * column key and its sort key, a bar chart's key and the name of its values)
 * refers to one thing, and gets one hostile value.
 */
function replacementsFor(leaves: Leaf[], attack: Attack): Replacement[] {
  const byOriginal = new Map<string, Leaf[]>();
  for (const leaf of leaves) byOriginal.set(leaf.value, [...(byOriginal.get(leaf.value) ?? []), leaf]);
  return [...byOriginal.entries()].map(([original, same], index) => {
    const tag = `pwn${attack[0]}${index}`;
    const schemas = same.flatMap((leaf) => leaf.schemas);
    const fits = (candidate: string) => schemas.every((schema) => accepts(schema, candidate));
    const own = ownKind(attack, tag).find(fits);
    return {
      tag,
      original,
      pointers: same.map((leaf) => leaf.pointer),
      hostile: own ?? urlShaped(attack, tag).find(fits),
      refused: own === undefined,
      text: schemas.some((schema) => schema['x-text'] === true),
    };
  });
}

/** Free text: a string no enum or const pins down. */
function isFreeText(schemas: Schema[]): boolean {
  return !schemas.some((schema) => 'enum' in schema || 'const' in schema);
}

/** The string keywords the widget schemas use; the widget's validator has the last word. */
function accepts(schema: Schema, value: string): boolean {
  const length = [...value].length;
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) return false;
  if (typeof schema.minLength === 'number' && length < schema.minLength) return false;
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return false;
  return true;
}

function collectLeaves(value: unknown, schemas: Schema[], pointer: string, leaves: Leaf[]): void {
  if (typeof value === 'string') {
    leaves.push({ pointer, value, schemas });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      collectLeaves(item, itemSchemas(schemas, index), `${pointer}/${index}`, leaves);
    });
  } else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      collectLeaves(child, propertySchemas(schemas, key), `${pointer}/${escapePointer(key)}`, leaves);
    }
  }
}

/**
 * The example with its free-text strings replaced. A property name the
 * schema leaves free (a table row's column keys, a bar's values per key) is
 * renamed along with the string it refers to, so the widget still finds
 * what the example meant.
 */
function substitute(value: unknown, schemas: Schema[], byOriginal: Map<string, string | undefined>): unknown {
  if (typeof value === 'string') return isFreeText(schemas) ? (byOriginal.get(value) ?? value) : value;
  if (Array.isArray(value)) {
    return value.map((item, index) => substitute(item, itemSchemas(schemas, index), byOriginal));
  }
  if (!isObject(value)) return value;
  const named = new Set(branches(schemas).flatMap((schema) => Object.keys(propertiesOf(schema))));
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      named.has(key) ? key : (byOriginal.get(key) ?? key),
      substitute(child, propertySchemas(schemas, key), byOriginal),
    ]),
  );
}

/** The schemas a property's value answers to, through anyOf, oneOf, allOf and additionalProperties. */
function propertySchemas(schemas: Schema[], key: string): Schema[] {
  return branches(schemas).flatMap((schema) => {
    const declared = propertiesOf(schema)[key];
    if (isObject(declared)) return [resolve(declared)];
    return isObject(schema.additionalProperties) ? [resolve(schema.additionalProperties)] : [];
  });
}

function itemSchemas(schemas: Schema[], index: number): Schema[] {
  return branches(schemas).flatMap((schema) => {
    const items = Array.isArray(schema.items) ? schema.items[index] : schema.items;
    return isObject(items) ? [resolve(items)] : [];
  });
}

/** A schema and every schema it combines with anyOf, oneOf or allOf, references resolved. */
function branches(schemas: Schema[]): Schema[] {
  return schemas.flatMap((schema) => {
    const own = resolve(schema);
    const combined = ['anyOf', 'oneOf', 'allOf'].flatMap((keyword) =>
      Array.isArray(own[keyword]) ? (own[keyword] as unknown[]).filter(isObject) : [],
    );
    return [own, ...branches(combined)];
  });
}

function propertiesOf(schema: Schema): Record<string, unknown> {
  return isObject(schema.properties) ? schema.properties : {};
}

const sharedSchemas = import.meta.glob<Schema>('../../schemas/widgets/shared/*.schema.json', {
  eager: true,
  import: 'default',
});

/**
 * A schema with its $ref (to schemas/widgets/shared/, the only place widget
 * schemas point to) replaced by what it points at, the schema's own
 * keywords beside the $ref kept.
 */
function resolve(schema: Schema): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  const [file, fragment = ''] = schema.$ref.split('#');
  const target = sharedSchemas[`../../schemas/widgets/${file}`];
  if (!target)
    throw new Error(`a widget schema points at ${schema.$ref}, which is not in schemas/widgets/shared`);
  const pointed = fragment
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), target);
  if (!isObject(pointed)) throw new Error(`${schema.$ref} points at nothing`);
  const { $ref: _ref, ...beside } = schema;
  return { ...pointed, ...beside };
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
