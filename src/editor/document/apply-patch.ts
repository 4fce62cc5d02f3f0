import { isRecord, PatchError, pointerSegments, valueAt } from './json-pointer';

/** One operation of a JSON Patch (RFC 6902). */
export type PatchOperation =
  | { op: 'add'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'replace'; path: string; value: unknown }
  | { op: 'move'; from: string; path: string }
  | { op: 'copy'; from: string; path: string }
  | { op: 'test'; path: string; value: unknown };

export type Patch = readonly PatchOperation[];

/**
 * Applies a JSON Patch without touching the document given: only the objects
 * and arrays on the paths the patch changes are copied, and everything else is
 * shared with the original. The renderer relies on that sharing: a card whose
 * object is the same as before is not drawn again, which keeps a drag on a
 * 200-card page smooth. All or nothing: a failing operation throws PatchError.
 */
export function applyPatch<T>(document: T, patch: Patch): T {
  let result: unknown = document;
  for (const operation of patch) result = applyOperation(result, operation);
  return result as T;
}

function applyOperation(document: unknown, operation: PatchOperation): unknown {
  if (operation.path === '' && operation.op !== 'test') return replaceRoot(operation, document);
  switch (operation.op) {
    case 'add':
      return updateAt(document, operation.path, (parent, key) => insert(parent, key, operation.value, 'add'));
    case 'replace':
      return updateAt(document, operation.path, (parent, key) =>
        insert(parent, key, operation.value, 'replace'),
      );
    case 'remove':
      return updateAt(document, operation.path, (parent, key) => remove(parent, key, operation.path));
    case 'move': {
      if (operation.path.startsWith(`${operation.from}/`)) {
        throw new PatchError(`cannot move ${operation.from} into its own child ${operation.path}`);
      }
      const value = existingValue(document, operation.from);
      const without = applyOperation(document, { op: 'remove', path: operation.from });
      return applyOperation(without, { op: 'add', path: operation.path, value });
    }
    case 'copy':
      return applyOperation(document, {
        op: 'add',
        path: operation.path,
        value: structuredClone(existingValue(document, operation.from)),
      });
    case 'test':
      if (!deepEqual(existingValue(document, operation.path), operation.value)) {
        throw new PatchError(`test failed at ${operation.path || '/'}`);
      }
      return document;
  }
}

/** "add" or "replace" at "" swaps the whole document; nothing else may target the root. */
function replaceRoot(operation: PatchOperation, document: unknown): unknown {
  if (operation.op === 'add' || operation.op === 'replace') return operation.value;
  if (operation.op === 'copy') return structuredClone(existingValue(document, operation.from));
  throw new PatchError(`cannot ${operation.op} the whole document`);
}

function existingValue(document: unknown, pointer: string): unknown {
  const value = valueAt(document, pointer);
  if (value === undefined) throw new PatchError(`nothing at ${pointer || '/'}`);
  return value;
}

type Container = Record<string, unknown> | unknown[];

/** Copies the containers down to the parent of `pointer` and lets `change` return the parent's replacement. */
function updateAt(
  document: unknown,
  pointer: string,
  change: (parent: Container, key: string) => unknown,
): unknown {
  const segments = pointerSegments(pointer);
  const rebuild = (node: unknown, depth: number): unknown => {
    if (!Array.isArray(node) && !isRecord(node)) {
      throw new PatchError(`${pointer}: ${pointerPrefix(segments, depth) || '/'} is not an object or array`);
    }
    const key = segments[depth] as string;
    if (depth === segments.length - 1) return change(node, key);
    const child = Array.isArray(node) ? node[arrayIndex(node, key, pointer, false)] : ownValue(node, key);
    if (child === undefined)
      throw new PatchError(`${pointer}: nothing at ${pointerPrefix(segments, depth + 1)}`);
    return withChild(node, key, rebuild(child, depth + 1));
  };
  return rebuild(document, 0);
}

/** A property of the object itself: "__proto__" or "constructor" in a path must not reach Object.prototype. */
function ownValue(node: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(node, key) ? node[key] : undefined;
}

function insert(parent: Container, key: string, value: unknown, op: 'add' | 'replace'): unknown {
  if (Array.isArray(parent)) {
    const index = key === '-' && op === 'add' ? parent.length : arrayIndex(parent, key, key, op === 'add');
    const copy = [...parent];
    copy.splice(index, op === 'add' ? 0 : 1, value);
    return copy;
  }
  if (op === 'replace' && !Object.hasOwn(parent, key)) throw new PatchError(`nothing to replace at "${key}"`);
  return { ...parent, [key]: value };
}

function remove(parent: Container, key: string, pointer: string): unknown {
  if (Array.isArray(parent)) {
    const copy = [...parent];
    copy.splice(arrayIndex(parent, key, pointer, false), 1);
    return copy;
  }
  if (!Object.hasOwn(parent, key)) throw new PatchError(`nothing to remove at ${pointer}`);
  const { [key]: _removed, ...rest } = parent;
  return rest;
}

function withChild(node: Container, key: string, child: unknown): Container {
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[Number(key)] = child;
    return copy;
  }
  return { ...node, [key]: child };
}

function arrayIndex(array: unknown[], key: string, pointer: string, mayAppend: boolean): number {
  const index = /^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : Number.NaN;
  const last = mayAppend ? array.length : array.length - 1;
  if (!(index >= 0 && index <= last)) throw new PatchError(`${pointer}: index ${key} is out of range`);
  return index;
}

function pointerPrefix(segments: string[], length: number): string {
  return segments
    .slice(0, length)
    .map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]))
    );
  }
  return false;
}
