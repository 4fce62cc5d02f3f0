type Schema = Record<string, unknown>;

/** Keywords that explain a schema to people and editors; validation never reads them. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  '$comment',
  'tsType',
  'x-category',
  'x-endpoints',
  'x-example-names',
  'x-gallery-route',
  'x-initial',
  'x-picker',
  'x-text',
  'default',
]);
const SCHEMA_MAPS = new Set(['properties', 'definitions', '$defs', 'patternProperties']);
const SUBSCHEMAS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'allOf',
  'anyOf',
  'oneOf',
]);

/**
 * Copy of a schema without annotations, so the compiled validator does not
 * carry every description and example into the browser bundle.
 */
export function stripAnnotations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(stripAnnotations);
  if (!isObject(schema)) return schema;
  const lean: Schema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    if (SCHEMA_MAPS.has(keyword) && isObject(value)) {
      lean[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, stripAnnotations(sub)]),
      );
    } else if (SUBSCHEMAS.has(keyword)) {
      lean[keyword] = stripAnnotations(value);
    } else {
      lean[keyword] = value;
    }
  }
  return lean;
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
