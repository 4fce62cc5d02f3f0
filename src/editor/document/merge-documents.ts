import { deepEqual } from './apply-patch';
import { isRecord, pointerOf } from './json-pointer';

/** A place both people changed, each their own way. */
export interface Clash {
  /** Where it is: in mine, or in theirs when mine no longer has it. */
  pointer: string;
  in: 'mine' | 'theirs';
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export type MergeResult = { merged: unknown; clashes: [] } | { merged: undefined; clashes: Clash[] };

/**
 * Two people's edits of one page, brought together from the revision both
 * started from (a three-way merge, as git merges text, here by the layout's
 * structure): what only one of them changed is taken from that one, what
 * both changed alike is taken once, and a place each changed their own way is
 * a clash for a person to settle. Rows, columns, cards and widgets are matched
 * by their keys, so one person adding a card while the other edits a widget
 * elsewhere in the same list is no clash; both reordering one list is.
 */
export function mergeDocuments(base: unknown, mine: unknown, theirs: unknown): MergeResult {
  const clashes: Clash[] = [];
  const merged = mergeValue(base, mine, theirs, { at: [], in: 'mine' }, clashes);
  return clashes.length === 0 ? { merged, clashes: [] } : { merged: undefined, clashes };
}

/** Marks a key that one side removed. */
const GONE = Symbol('gone');
type Value = unknown | typeof GONE;

/** Where a value is, as a pointer's segments into mine (or theirs, for what mine removed). */
interface Place {
  at: (string | number)[];
  in: Clash['in'];
}

function mergeValue(base: Value, mine: Value, theirs: Value, place: Place, clashes: Clash[]): Value {
  if (same(mine, theirs)) return mine;
  if (same(base, mine)) return theirs;
  if (same(base, theirs)) return mine;
  if (isRecord(base) && isRecord(mine) && isRecord(theirs))
    return mergeRecords(base, mine, theirs, place, clashes);
  if (isKeyedList(base) && isKeyedList(mine) && isKeyedList(theirs)) {
    return mergeKeyedLists(base, mine, theirs, place, clashes);
  }
  clashes.push(clashAt(place, base, mine, theirs));
  return mine;
}

function mergeRecords(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
  place: Place,
  clashes: Clash[],
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  // Mine's order of fields first, then fields only theirs has.
  const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])];
  for (const key of keys) {
    const value = mergeValue(
      field(base, key),
      field(mine, key),
      field(theirs, key),
      { ...place, at: [...place.at, key] },
      clashes,
    );
    if (value !== GONE) merged[key] = value;
  }
  return merged;
}

type Keyed = Record<string, unknown> & { key: string };

/**
 * Lists of rows, columns, cards or widgets, merged item by item by key. The
 * order is mine's, with what only theirs added placed after the item it
 * follows in theirs; when both moved items around differently, the list's
 * order is a clash of its own.
 */
function mergeKeyedLists(
  base: Keyed[],
  mine: Keyed[],
  theirs: Keyed[],
  place: Place,
  clashes: Clash[],
): Keyed[] {
  const byKey = (list: Keyed[]) => new Map(list.map((item) => [item.key, item]));
  const [baseItems, myItems, theirItems] = [byKey(base), byKey(mine), byKey(theirs)];
  const kept = (list: Keyed[]) => list.map((item) => item.key).filter((key) => baseItems.has(key));
  const baseOrder = kept(base).filter((key) => myItems.has(key) && theirItems.has(key));
  const myOrder = kept(mine).filter((key) => theirItems.has(key));
  const theirOrder = kept(theirs).filter((key) => myItems.has(key));
  if (!same(myOrder, baseOrder) && !same(theirOrder, baseOrder) && !same(myOrder, theirOrder)) {
    clashes.push(clashAt(place, base.map(keyOf), mine.map(keyOf), theirs.map(keyOf)));
  }
  // Mine's order, or theirs' where only they moved things, with mine's own items placed into it.
  const order =
    same(myOrder, baseOrder) && !same(theirOrder, baseOrder)
      ? withOwnItems(theirOrder, mine)
      : mine.map(keyOf);
  // Theirs' additions, and what mine removed (dropped below unless theirs changed it, which is a clash).
  const keys = withOwnItems(order, theirs);
  const merged: Keyed[] = [];
  const myIndex = new Map(mine.map((item, index) => [item.key, index]));
  const theirIndex = new Map(theirs.map((item, index) => [item.key, index]));
  for (const key of keys) {
    // Mine's place for an item mine has (in a list that is mine's too); theirs' for one only theirs kept.
    const inMine = place.in === 'mine' && myIndex.has(key);
    const itemPlace: Place = inMine
      ? { at: [...place.at, myIndex.get(key) as number], in: 'mine' }
      : { at: [...place.at, theirIndex.get(key) as number], in: 'theirs' };
    const value = mergeValue(
      baseItems.get(key) ?? GONE,
      myItems.get(key) ?? GONE,
      theirItems.get(key) ?? GONE,
      itemPlace,
      clashes,
    );
    if (value !== GONE) merged.push(value as Keyed);
  }
  return merged;
}

/**
 * `order` with each item of `list` it lacks placed after the item it follows
 * in `list`: first when it is first there, last when `order` lacks that one.
 */
function withOwnItems(order: readonly string[], list: readonly Keyed[]): string[] {
  const keys = [...order];
  list.forEach((item, index) => {
    if (keys.includes(item.key)) return;
    const after = list[index - 1]?.key;
    const afterIndex = after === undefined ? -1 : keys.indexOf(after);
    keys.splice(after === undefined ? 0 : afterIndex === -1 ? keys.length : afterIndex + 1, 0, item.key);
  });
  return keys;
}

function isKeyedList(value: Value): value is Keyed[] {
  return Array.isArray(value) && value.every((item) => isRecord(item) && typeof item.key === 'string');
}

const keyOf = (item: Keyed) => item.key;

function field(record: Record<string, unknown>, key: string): Value {
  return Object.hasOwn(record, key) ? record[key] : GONE;
}

function same(a: Value, b: Value): boolean {
  if (a === GONE || b === GONE) return a === b;
  return deepEqual(a, b);
}

function clashAt(place: Place, base: Value, mine: Value, theirs: Value): Clash {
  return {
    pointer: pointerOf(place.at),
    in: place.in,
    base: shown(base),
    mine: shown(mine),
    theirs: shown(theirs),
  };
}

/** What a clash shows for a side that removed the value. */
function shown(value: Value): unknown {
  return value === GONE ? undefined : value;
}
