type Schema = Record<string, unknown>;

const DEFINITION_REF = '#/definitions/';

/**
 * page.schema.json rewritten so codemirror-json-schema can walk it.
 *
 * The library resolves schemas with json-schema-library 9, which loses its way
 * in a `$ref` met inside a definition it reached through another `$ref`: on
 * the page schema it completed the page's and a row's properties and nothing
 * deeper (no column, card or widget). With every `$ref` written out in place
 * it reaches all of them.
 *
 * A widget is a `oneOf` of one branch per widget, told apart by `name`
 * (`discriminator.propertyName`, which json-schema-library does not read). It
 * picks a `oneOf` branch by validating the data against each, which a widget
 * being typed never passes; so it offered one widget name and the props of no
 * widget. `oneOfProperty` is its own keyword for a discriminator: with it, the
 * branch is the one whose `name` matches, and completion inside `data` offers
 * that widget's props.
 *
 * The page schema has no recursive references, so writing them out ends; a
 * cycle would be a new kind of schema this function is not meant for.
 */
export function completionSchema(pageSchema: object): object {
  const definitions = ((pageSchema as Schema).definitions ?? {}) as Record<string, unknown>;
  return inline(pageSchema, definitions, []) as object;
}

function inline(node: unknown, definitions: Record<string, unknown>, via: readonly string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, definitions, via));
  if (typeof node !== 'object' || node === null) return node;
  const { $ref, definitions: _definitions, ...rest } = node as Schema;
  const resolved = Object.fromEntries(
    Object.entries(rest).map(([keyword, value]) => [keyword, inline(value, definitions, via)]),
  );
  const discriminator = (rest.discriminator as { propertyName?: unknown } | undefined)?.propertyName;
  if (typeof discriminator === 'string' && Array.isArray(rest.oneOf)) resolved.oneOfProperty = discriminator;
  if (typeof $ref !== 'string') return resolved;
  return { ...(referenced($ref, definitions, via) as Schema), ...resolved };
}

function referenced(ref: string, definitions: Record<string, unknown>, via: readonly string[]): unknown {
  const name = ref.startsWith(DEFINITION_REF) ? ref.slice(DEFINITION_REF.length) : undefined;
  if (name === undefined || !(name in definitions)) throw new Error(`${ref} does not name a definition`);
  if (via.includes(name)) throw new Error(`${ref} refers to itself through ${via.join(' → ')}`);
  return inline(definitions[name], definitions, [...via, name]);
}
