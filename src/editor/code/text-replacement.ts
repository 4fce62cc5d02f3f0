import { getNodePath, type Node } from 'jsonc-parser';
import { pointerOf } from '../document/json-pointer';
import { nodeAtPointer, parseJsonTree, pointerAtOffsetIn } from './pointer-offsets';

/** One change that turns the old text into the new, and where the cursor goes. */
export interface TextReplacement {
  from: number;
  to: number;
  insert: string;
  /** Set when the change swallows the cursor; otherwise the cursor maps through the change as usual. */
  cursor?: number;
}

/**
 * The smallest single change from `current` to `next` (what differs between
 * their common start and common end), so an undo or a visual edit rewrites
 * only what it changed: folds, scroll position and the cursor elsewhere stay.
 * When the cursor lay inside the rewritten part, it goes to the same node in
 * the new text, as far into it as it was (or the nearest node still there).
 */
export function textReplacement(current: string, next: string, cursor: number): TextReplacement {
  const shorter = Math.min(current.length, next.length);
  let start = 0;
  while (start < shorter && current.charCodeAt(start) === next.charCodeAt(start)) start += 1;
  let end = 0;
  while (
    end < shorter - start &&
    current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)
  ) {
    end += 1;
  }
  const replacement = { from: start, to: current.length - end, insert: next.slice(start, next.length - end) };
  const swallowed = cursor > replacement.from && cursor < replacement.to;
  return swallowed ? { ...replacement, cursor: cursorAtSameNode(current, next, cursor) } : replacement;
}

function cursorAtSameNode(current: string, next: string, cursor: number): number {
  const currentTree = parseJsonTree(current);
  const pointer = pointerAtOffsetIn(currentTree, cursor);
  const value = nodeAtPointer(currentTree, pointer);
  const valueAfter = nodeAtPointer(parseJsonTree(next), pointer);
  if (!value || !valueAfter) return Math.min(cursor, next.length);
  // Gone from the new text: the start of the nearest node that is still there.
  if (pointerOf(getNodePath(valueAfter)) !== pointer) return valueAfter.offset;
  // A cursor on a property's key (before its value) stays on the key.
  const onKey = cursor < value.offset;
  const before = onKey ? keyOf(value) : value;
  const after = onKey ? keyOf(valueAfter) : valueAfter;
  if (!before || !after) return valueAfter.offset;
  return after.offset + Math.min(Math.max(cursor - before.offset, 0), after.length);
}

function keyOf(value: Node): Node | undefined {
  return value.parent?.type === 'property' ? value.parent.children?.[0] : undefined;
}
