import { findNodeAtOffset, getNodePath, type Node, type ParseError, parseTree } from 'jsonc-parser';
import { pointerOf, pointerSegments } from '../document/json-pointer';
import { layoutNodeOf } from '../document/layout-nodes';

/** A stretch of the text, as offsets: `from` inclusive, `to` exclusive. */
export interface TextRange {
  from: number;
  to: number;
}

/** A layout's text parsed: its syntax tree and the syntax errors met on the way. */
export interface ParsedJson {
  tree: Node | undefined;
  errors: ParseError[];
}

/**
 * Parses a layout's text. jsonc-parser recovers from errors, so text being
 * typed (a missing comma, an unclosed brace) still has a tree for everything
 * before and around the mistake; only empty text has none.
 */
export function parseJson(text: string): ParsedJson {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  return { tree, errors };
}

/** The syntax tree of a layout's text (see parseJson). */
export function parseJsonTree(text: string): Node | undefined {
  return parseJson(text).tree;
}

/**
 * The text range of the value at a JSON Pointer, or of its nearest ancestor
 * present in the text when the value itself is not (a required property left
 * out, an index past the end): an issue about a missing `label` inside a
 * widget's `data` is then shown at `data`.
 */
export function rangeOfPointer(text: string, pointer: string): TextRange | undefined {
  const node = nodeAtPointer(parseJsonTree(text), pointer);
  return node && rangeOf(node);
}

/** The pointer of the innermost value the offset lies in or right after; "" outside every value. */
export function pointerAtOffset(text: string, offset: number): string {
  return pointerAtOffsetIn(parseJsonTree(text), offset);
}

/**
 * The innermost layout node a pointer lies in: a widget
 * (/rows/i/columns/j/cards/k/widgets/l), a card, a column or a row, or "" for
 * the page and its own fields. The document model owns the shape of a layout;
 * this is its answer under the name the code pane uses.
 */
export function layoutNodeAt(pointer: string): string {
  return layoutNodeOf(pointer);
}

/** As rangeOfPointer, on a tree already parsed: the node at the pointer or its nearest present ancestor. */
export function nodeAtPointer(tree: Node | undefined, pointer: string): Node | undefined {
  const segments = segmentsOf(pointer);
  if (!tree || !segments) return undefined;
  let node = tree;
  for (const segment of segments) {
    const child = childOf(node, segment);
    if (!child) break;
    node = child;
  }
  return node;
}

/** As pointerAtOffset, on a tree already parsed. */
export function pointerAtOffsetIn(tree: Node | undefined, offset: number): string {
  if (!tree) return '';
  const node = findNodeAtOffset(tree, offset, true);
  if (!node) return '';
  // Between a key and its value (on the colon, say) the cursor is still at that property.
  const located = node.type === 'property' ? (node.children?.[0] ?? node) : node;
  return pointerOf(getNodePath(located));
}

export function rangeOf(node: Node): TextRange {
  return { from: node.offset, to: node.offset + node.length };
}

function segmentsOf(pointer: string): string[] | undefined {
  try {
    return pointerSegments(pointer);
  } catch {
    return undefined;
  }
}

/**
 * The value under one step of a pointer. A key repeated in an object counts
 * at its last place, as JSON.parse keeps the last; a key typed without a value
 * yet is found at the key.
 */
function childOf(node: Node, segment: string): Node | undefined {
  if (node.type === 'array') {
    return /^(0|[1-9]\d*)$/.test(segment) ? node.children?.[Number(segment)] : undefined;
  }
  if (node.type !== 'object') return undefined;
  const property = node.children?.findLast((child) => child.children?.[0]?.value === segment);
  return property?.children?.[1] ?? property?.children?.[0];
}
