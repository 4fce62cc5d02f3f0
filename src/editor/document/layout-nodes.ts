import { ownerOf } from '../../engine/render/issue-owner';
import { pointerOf, pointerSegments } from './json-pointer';

/** The four kinds of node a page is made of, from the outside in. */
export type NodeKind = 'row' | 'column' | 'card' | 'widget';

/** Where a node is: its kind and the index at each level down to it. */
export interface NodeAddress {
  kind: NodeKind;
  row: number;
  column?: number;
  card?: number;
  widget?: number;
}

const LEVELS = [
  ['rows', 'row'],
  ['columns', 'column'],
  ['cards', 'card'],
  ['widgets', 'widget'],
] as const;

/**
 * The innermost layout node a pointer lies in: "/rows/0/columns/1/cards/2/widgets/0/data/label" is in widget 0
 * of card 2; undefined for the page itself and its own fields.
 */
export function nodeAddress(pointer: string): NodeAddress | undefined {
  const segments = pointerSegments(pointer);
  const indexes: number[] = [];
  for (const [level, [collection]] of LEVELS.entries()) {
    const name = segments[level * 2];
    const index = segments[level * 2 + 1];
    if (name !== collection || index === undefined || !/^\d+$/.test(index)) break;
    indexes.push(Number(index));
  }
  if (indexes.length === 0) return undefined;
  const [row, column, card, widget] = indexes as [number, number?, number?, number?];
  return { kind: LEVELS[indexes.length - 1]?.[1] ?? 'row', row, column, card, widget };
}

/** The pointer of a node from its address. */
export function nodePointer(address: NodeAddress): string {
  const segments: (string | number)[] = ['rows', address.row];
  if (address.column !== undefined) segments.push('columns', address.column);
  if (address.card !== undefined && address.column !== undefined) segments.push('cards', address.card);
  if (address.widget !== undefined && address.card !== undefined) segments.push('widgets', address.widget);
  return pointerOf(segments);
}

/**
 * The pointer of the innermost layout node a pointer lies in, or "" for the page: the node the renderer shows
 * an issue on (ownerOf), so the editor selects what the page marks.
 */
export const layoutNodeOf = ownerOf;

/** The pointer of the node of `kind` that holds `pointer` (itself when it is one), if it lies that deep. */
export function enclosing(pointer: string, kind: NodeKind): string | undefined {
  const address = nodeAddress(pointer);
  if (!address) return undefined;
  const depth = LEVELS.findIndex(([, name]) => name === kind);
  const { row, column, card, widget } = address;
  const trimmed: NodeAddress = {
    kind,
    row,
    ...(depth >= 1 ? { column } : {}),
    ...(depth >= 2 ? { card } : {}),
    ...(depth >= 3 ? { widget } : {}),
  };
  const indexes = [row, column, card, widget].slice(0, depth + 1);
  return indexes.every((index) => index !== undefined) ? nodePointer(trimmed) : undefined;
}
