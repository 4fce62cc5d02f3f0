import { isRecord } from './json-pointer';

/**
 * `after` with every part equal to the same part of `before` replaced by that part of `before`. Text typed in
 * code mode parses into a whole new document each keystroke; sharing what did not change lets the history's
 * diff skip it at once and lets every card that did not change keep from being drawn again.
 */
export function reuseUnchanged<T>(before: unknown, after: T): T {
  return reuse(before, after) as T;
}

function reuse(before: unknown, after: unknown): unknown {
  if (before === after) return before;
  if (Array.isArray(before) && Array.isArray(after)) {
    const items = after.map((item, index) => reuse(before[index], item));
    const same = items.length === before.length && items.every((item, index) => item === before[index]);
    return same ? before : items;
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = Object.keys(after);
    const entries = keys.map(
      (key) => [key, reuse(Object.hasOwn(before, key) ? before[key] : undefined, after[key])] as const,
    );
    const beforeKeys = Object.keys(before);
    const same =
      keys.length === beforeKeys.length &&
      keys.every((key, index) => key === beforeKeys[index]) &&
      entries.every(([key, value]) => value === before[key]);
    return same ? before : Object.fromEntries(entries);
  }
  // Numbers, strings, booleans and null: equal values are the same value.
  return after;
}
