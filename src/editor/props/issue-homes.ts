import { pointerOf, pointerSegments } from '../document/json-pointer';
import { effectiveKind } from './field-kind';
import { isRecord, itemSchema, type JsonSchema, mapValueSchema } from './json-schema';

/** One problem in the props: where (a JSON Pointer relative to the props) and what. */
export interface PropIssue {
  pointer: string;
  message: string;
}

/**
 * Which field shows each issue, by that field's pointer: the field of the
 * value the issue points at, else the nearest field around it (a list says
 * it has too few items; a JSON field shows what is wrong inside it). Issues
 * with no field ('' = the props themselves, or a prop that is not there and
 * not in the schema) belong at the top of the form, under ''. Each message
 * says where it points when that is below the field showing it.
 */
export function issueHomes(
  schema: JsonSchema,
  value: unknown,
  issues: readonly PropIssue[],
): Map<string, string[]> {
  const homes = new Map<string, string[]>();
  for (const issue of issues) {
    const home = homeOf(schema, value, issue.pointer);
    const below = issue.pointer.slice(home.length);
    const message = below ? `${below}: ${issue.message}` : issue.message;
    homes.set(home, [...(homes.get(home) ?? []), message]);
  }
  return homes;
}

function homeOf(schema: JsonSchema, value: unknown, pointer: string): string {
  const segments = pointerSegments(pointer);
  let node: JsonSchema | undefined = schema;
  let current = value;
  for (const [depth, segment] of segments.entries()) {
    node = childSchema(node, current, segment);
    if (!node) return pointerOf(segments.slice(0, depth));
    current = childValue(current, segment);
    if (isLeaf(node, current)) return pointerOf(segments.slice(0, depth + 1));
  }
  return pointer;
}

/** The schema of a child the form shows a field for, or undefined when it shows none. */
function childSchema(schema: JsonSchema, value: unknown, segment: string): JsonSchema | undefined {
  switch (effectiveKind(schema, value)) {
    case 'object':
      return (
        schema.properties?.[segment] ??
        (isRecord(value) && segment in value ? (mapValueSchema(schema) ?? {}) : undefined)
      );
    case 'map':
      return isRecord(value) && segment in value ? mapValueSchema(schema) : undefined;
    case 'array':
      return Array.isArray(value) && isIndex(segment, value.length) ? itemSchema(schema) : undefined;
    case 'tuple': {
      const positions = schema.items as JsonSchema[];
      return isIndex(segment, positions.length) ? positions[Number(segment)] : undefined;
    }
    default:
      return undefined;
  }
}

function isLeaf(schema: JsonSchema, value: unknown): boolean {
  return !['object', 'map', 'array', 'tuple'].includes(effectiveKind(schema, value));
}

function childValue(value: unknown, segment: string): unknown {
  if (Array.isArray(value)) return value[Number(segment)];
  return isRecord(value) ? value[segment] : undefined;
}

function isIndex(segment: string, length: number): boolean {
  return /^(0|[1-9]\d*)$/.test(segment) && Number(segment) < length;
}
