import { create, type Delta } from 'jsondiffpatch';
import { childPointer } from '../../engine/validation/issue';

export type ChangeKind = 'added' | 'removed' | 'changed' | 'moved';

/** One difference between two layout documents, as a list can show it. */
export interface DocumentChange {
  kind: ChangeKind;
  /** Where it is, as a JSON Pointer: in the new document, or in the old one for a removal. */
  pointer: string;
  /** The value in the old document (removed, changed). */
  before?: unknown;
  /** The value in the new document (added, changed). */
  after?: unknown;
  /** Where a moved item was, in the old document. */
  from?: string;
}

export interface DocumentDiff {
  changes: DocumentChange[];
  count: number;
}

/** Rows, columns, cards and widgets carry a key unique among their siblings. */
function keyOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null || !('key' in item)) return undefined;
  return typeof item.key === 'string' ? item.key : undefined;
}

// Items are matched by their key, so a column dragged elsewhere in its row is
// one move rather than a deletion and an addition; items without a key (a
// chart's bars) match when equal.
const differ = create({
  objectHash: (item) => keyOf(item) ?? JSON.stringify(item),
  arrays: { detectMove: true },
});

/** The changes that turn `before` into `after`, in document order. */
export function diffDocuments(before: unknown, after: unknown): DocumentDiff {
  const changes = joinMovesAcrossParents(collect(differ.diff(before, after), before, after));
  return { changes, count: changes.length };
}

interface Place {
  oldPointer: string;
  newPointer: string;
  oldValue: unknown;
  newValue: unknown;
}

const ROOT = (before: unknown, after: unknown): Place => ({
  oldPointer: '',
  newPointer: '',
  oldValue: before,
  newValue: after,
});

function collect(delta: Delta, before: unknown, after: unknown): DocumentChange[] {
  const changes: DocumentChange[] = [];
  visit(delta, ROOT(before, after), changes);
  return changes;
}

// jsondiffpatch's delta encoding: [new] added, [old, new] replaced, [old, 0, 0]
// deleted, ['', to, 3] moved (array items only), [patch, 0, 2] text diff.
const isAdded = (delta: unknown[]) => delta.length === 1;
const isReplaced = (delta: unknown[]) => delta.length === 2;
const isDeleted = (delta: unknown[]) => delta.length === 3 && delta[2] === 0;
const isMoved = (delta: unknown[]) => delta.length === 3 && delta[2] === 3;

function visit(delta: Delta, place: Place, changes: DocumentChange[]): void {
  if (delta === undefined) return;
  if (Array.isArray(delta)) {
    changes.push(leafChange(delta, place));
    return;
  }
  if (delta._t === 'a') {
    visitArray(delta as Record<string, Delta>, place, changes);
    return;
  }
  for (const [name, child] of Object.entries(delta)) {
    visit(child, childPlace(place, name, name), changes);
  }
}

function leafChange(delta: unknown[], place: Place): DocumentChange {
  if (isAdded(delta)) return { kind: 'added', pointer: place.newPointer, after: delta[0] };
  if (isReplaced(delta))
    return { kind: 'changed', pointer: place.newPointer, before: delta[0], after: delta[1] };
  if (isDeleted(delta)) return { kind: 'removed', pointer: place.oldPointer, before: delta[0] };
  // A text diff (not asked for here) still says what the value was and became.
  return { kind: 'changed', pointer: place.newPointer, before: place.oldValue, after: place.newValue };
}

function childPlace(place: Place, oldName: string | number, newName: string | number): Place {
  return {
    oldPointer: childPointer(place.oldPointer, oldName),
    newPointer: childPointer(place.newPointer, newName),
    oldValue: itemOf(place.oldValue, oldName),
    newValue: itemOf(place.newValue, newName),
  };
}

function itemOf(container: unknown, name: string | number): unknown {
  if (typeof container !== 'object' || container === null) return undefined;
  return (container as Record<string, unknown>)[name];
}

/** An array's delta sorted out: old indexes for removals and moves, new indexes for the rest. */
interface ArrayChanges {
  removed: Map<number, unknown>;
  /** Old index → new index. */
  moved: Map<number, number>;
  added: Map<number, unknown>;
  /** New index → the delta inside the item there. */
  inner: Map<number, Delta>;
}

function sortArrayDelta(delta: Record<string, Delta>): ArrayChanges {
  const changes: ArrayChanges = { removed: new Map(), moved: new Map(), added: new Map(), inner: new Map() };
  for (const [name, child] of Object.entries(delta)) {
    if (name === '_t') continue;
    if (name.startsWith('_')) {
      const entry = child as unknown[];
      const index = Number(name.slice(1));
      if (isMoved(entry)) changes.moved.set(index, entry[1] as number);
      else changes.removed.set(index, entry[0]);
    } else if (Array.isArray(child) && isAdded(child)) {
      changes.added.set(Number(name), child[0]);
    } else {
      changes.inner.set(Number(name), child);
    }
  }
  return changes;
}

/**
 * Where each item of the new array was in the old one. Items neither
 * removed, added nor moved keep their order, so they pair up in turn.
 */
function oldIndexes(
  changes: ArrayChanges,
  movedTo: Set<number>,
  oldLength: number,
  newLength: number,
): Map<number, number> {
  const staying = range(oldLength).filter(
    (index) => !changes.removed.has(index) && !changes.moved.has(index),
  );
  const arriving = range(newLength).filter((index) => !changes.added.has(index) && !movedTo.has(index));
  const map = new Map(arriving.map((newIndex, position) => [newIndex, staying[position] ?? newIndex]));
  for (const [from, to] of changes.moved) map.set(to, from);
  return map;
}

function range(length: number): number[] {
  return Array.from({ length }, (_, index) => index);
}

function lengthOf(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

function visitArray(delta: Record<string, Delta>, place: Place, changes: DocumentChange[]): void {
  const sorted = sortArrayDelta(delta);
  const movedTo = new Set(sorted.moved.values());
  const oldIndexOf = oldIndexes(sorted, movedTo, lengthOf(place.oldValue), lengthOf(place.newValue));
  const last = Math.max(lengthOf(place.oldValue), lengthOf(place.newValue));
  for (const index of range(last)) {
    const removed = sorted.removed.has(index);
    const added = sorted.added.has(index);
    const before = sorted.removed.get(index);
    const after = sorted.added.get(index);
    // An unkeyed item swapped for another in its place (a bar's label edited) reads as one change.
    if (removed && added && keyOf(before) === undefined && keyOf(after) === undefined) {
      changes.push({ kind: 'changed', pointer: childPointer(place.newPointer, index), before, after });
      continue;
    }
    if (removed) changes.push({ kind: 'removed', pointer: childPointer(place.oldPointer, index), before });
    if (added) changes.push({ kind: 'added', pointer: childPointer(place.newPointer, index), after });
    const from = oldIndexOf.get(index) ?? index;
    if (movedTo.has(index)) {
      changes.push({
        kind: 'moved',
        pointer: childPointer(place.newPointer, index),
        from: childPointer(place.oldPointer, from),
      });
    }
    const inner = sorted.inner.get(index);
    if (inner !== undefined) visit(inner, childPlace(place, from, index), changes);
  }
}

/**
 * jsondiffpatch sees moves within one array only: a card dragged to another
 * column is a removal there and an addition here. When what was removed
 * arrives unchanged, keyed, elsewhere, it is said as the move it was.
 */
function joinMovesAcrossParents(changes: DocumentChange[]): DocumentChange[] {
  const joined = [...changes];
  for (const removal of changes.filter((change) => change.kind === 'removed')) {
    if (keyOf(removal.before) === undefined) continue;
    const arrival = joined.find(
      (change) => change.kind === 'added' && differ.diff(removal.before, change.after) === undefined,
    );
    if (!arrival) continue;
    joined.splice(joined.indexOf(removal), 1);
    joined.splice(joined.indexOf(arrival), 1, {
      kind: 'moved',
      pointer: arrival.pointer,
      from: removal.pointer,
    });
  }
  return joined;
}
