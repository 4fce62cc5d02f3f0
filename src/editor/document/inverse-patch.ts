import { applyPatch, type Patch, type PatchOperation } from './apply-patch';
import { isRecord, pointerSegments, valueAt } from './json-pointer';

/**
 * Applies a JSON Patch and returns, beside the result, the patch that takes it back: each operation's inverse is
 * read from the document just before it, so undoing an edit costs as much as the edit, not a diff of the page.
 * Throws PatchError (nothing changed) where `applyPatch` does.
 */
export function applyWithInverse<T>(document: T, patch: Patch): { document: T; inverse: Patch } {
  let current: unknown = document;
  const inverse: PatchOperation[] = [];
  for (const operation of patch) {
    const next = applyPatch(current, [operation]);
    inverse.unshift(...inverseOf(current, operation));
    current = next;
  }
  return { document: current as T, inverse };
}

/** What takes one operation back, given the document it was applied to (it fitted: applyPatch checked). */
function inverseOf(before: unknown, operation: PatchOperation): PatchOperation[] {
  switch (operation.op) {
    case 'test':
      return [];
    case 'replace':
      return [{ op: 'replace', path: operation.path, value: valueAt(before, operation.path) }];
    case 'remove':
      return [{ op: 'add', path: operation.path, value: valueAt(before, operation.path) }];
    case 'add':
    case 'copy':
      return takeBackAdd(before, operation.path);
    case 'move': {
      // A move is a remove then an add; it is taken back in the other order.
      const moved = valueAt(before, operation.from);
      const removed = applyPatch(before, [{ op: 'remove', path: operation.from }]);
      return [...takeBackAdd(removed, operation.path), { op: 'add', path: operation.from, value: moved }];
    }
  }
}

/** Takes back an "add" at `path`: it inserted into an array, made a new member, or replaced an existing one. */
function takeBackAdd(before: unknown, path: string): PatchOperation[] {
  if (path === '') return [{ op: 'replace', path: '', value: before }];
  const cut = path.lastIndexOf('/');
  const parentPath = path.slice(0, cut);
  const parent = valueAt(before, parentPath);
  if (Array.isArray(parent)) {
    const key = pointerSegments(path).at(-1);
    const index = key === '-' ? parent.length : Number(key);
    return [{ op: 'remove', path: `${parentPath}/${index}` }];
  }
  const existing = isRecord(parent) ? valueAt(before, path) : undefined;
  return existing === undefined ? [{ op: 'remove', path }] : [{ op: 'replace', path, value: existing }];
}
