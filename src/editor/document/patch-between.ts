import { create } from 'jsondiffpatch';
import { format } from 'jsondiffpatch/formatters/jsonpatch';
import { applyPatch, deepEqual, type Patch } from './apply-patch';

/**
 * Layout items are matched by their `key`, so moving a card shows as one
 * "move" instead of every card after it changing. Objects the two documents
 * share are skipped at once: after an edit only the path to it differs.
 */
const differ = create({
  objectHash: (item: object, index?: number) => {
    const key = (item as { key?: unknown } | null)?.key;
    return typeof key === 'string' ? `key:${key}` : `index:${index}`;
  },
  arrays: { detectMove: true, includeValueOnMove: false },
  cloneDiffValues: false,
});

/** The JSON Patch (RFC 6902) that turns `before` into `after`; empty when they are equal. */
export function patchBetween(before: unknown, after: unknown): Patch {
  if (before === after) return [];
  const patch = diffOrUndefined(before, after);
  // jsondiffpatch reads a key missing on one side through the prototype, so a key such as "toString" or
  // "valueOf" makes it throw or miss the change. Checking costs little (the patched copy shares what did not
  // change); where it went wrong, replacing the whole document is a correct patch still.
  if (patch && turnsInto(before, patch, after)) return patch;
  return [{ op: 'replace', path: '', value: after }];
}

function turnsInto(before: unknown, patch: Patch, after: unknown): boolean {
  try {
    return deepEqual(applyPatch(before, patch), after);
  } catch {
    return false;
  }
}

function diffOrUndefined(before: unknown, after: unknown): Patch | undefined {
  try {
    const delta = differ.diff(before, after);
    return delta === undefined ? [] : format(delta);
  } catch {
    return undefined;
  }
}
