import { applyPatch, deepEqual, type Patch } from './apply-patch';
import { applyWithInverse } from './inverse-patch';
import { patchBetween } from './patch-between';

/**
 * Where an edit came from. Typing (in code mode, or in one field of a form) is one step while it goes on;
 * every other edit is a step of its own.
 */
export type EditSource = 'visual' | 'code' | 'form' | 'restore';

/** One step of the history: the patch that made it and the patch that takes it back (both RFC 6902). */
export interface Edit {
  forward: Patch;
  backward: Patch;
  source: EditSource;
  /** When the edit was made (ms since the epoch); typing within TYPING_PAUSE_MS of the last is one step. */
  at: number;
  /** For form edits, the field typed in: typing in another field starts a new step. */
  field?: string;
}

/** The document being edited with everything that can be undone and redone. */
export interface EditHistory<T = unknown> {
  document: T;
  past: readonly Edit[];
  future: readonly Edit[];
}

/** Steps kept: far more than anyone undoes, and a few hundred KB at most for a large page. */
export const MAX_STEPS = 500;
/** Typing that pauses for less than this continues the same step, as in a text editor. */
export const TYPING_PAUSE_MS = 1000;

export function startHistory<T>(document: T): EditHistory<T> {
  return { document, past: [], future: [] };
}

/** Records the document as it is after an edit; nothing changes when it equals the current one. */
export function record<T>(
  history: EditHistory<T>,
  after: T,
  source: EditSource,
  at = Date.now(),
  field?: string,
): EditHistory<T> {
  const forward = patchBetween(history.document, after);
  if (forward.length === 0) return history;
  const last = history.past.at(-1);
  if (last && history.future.length === 0 && continuesTyping(last, source, at, field)) {
    // The step goes on: it now leads from before the first keystroke to after this one.
    const before = applyPatch(history.document, last.backward);
    const merged: Edit = {
      forward: patchBetween(before, after),
      backward: patchBetween(after, before),
      source,
      at,
      field,
    };
    return { document: after, past: [...history.past.slice(0, -1), merged], future: [] };
  }
  const edit: Edit = { forward, backward: patchBetween(after, history.document), source, at, field };
  return { document: after, past: [...history.past, edit].slice(-MAX_STEPS), future: [] };
}

function continuesTyping(last: Edit, source: EditSource, at: number, field: string | undefined): boolean {
  const typing = source === 'code' || (source === 'form' && field !== undefined);
  return typing && last.source === source && last.field === field && at - last.at < TYPING_PAUSE_MS;
}

/**
 * Applies a patch as one step of the history. Its inverse is worked out as it is applied, and typing that
 * replaces the same node again keeps the step's first inverse: a keystroke in a form costs no diff of the page.
 * Throws PatchError (the history unchanged) when it does not fit.
 */
export function applyEdit<T>(
  history: EditHistory<T>,
  patch: Patch,
  source: EditSource,
  at = Date.now(),
  field?: string,
): EditHistory<T> {
  const { document: after, inverse } = applyWithInverse(history.document, patch);
  // Shared objects are skipped at once, so this walks the edited path only.
  if (deepEqual(after, history.document)) return history;
  const last = history.past.at(-1);
  if (last && history.future.length === 0 && continuesTyping(last, source, at, field)) {
    if (!replacesSameNode(last.forward, patch) || !replacesSameNode(last.backward, patch))
      return record(history, after, source, at, field);
    const merged: Edit = { forward: patch, backward: last.backward, source, at, field };
    return { document: after, past: [...history.past.slice(0, -1), merged], future: [] };
  }
  const edit: Edit = { forward: patch, backward: inverse, source, at, field };
  return { document: after, past: [...history.past, edit].slice(-MAX_STEPS), future: [] };
}

/** Both patches one "replace" of the same node: the later one alone leads from before the first to after it. */
function replacesSameNode(earlier: Patch, later: Patch): boolean {
  const [first] = earlier;
  const [second] = later;
  return (
    earlier.length === 1 &&
    later.length === 1 &&
    first?.op === 'replace' &&
    second?.op === 'replace' &&
    first.path === second.path
  );
}

export function canUndo(history: EditHistory): boolean {
  return history.past.length > 0;
}

export function canRedo(history: EditHistory): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: EditHistory<T>): EditHistory<T> {
  const last = history.past.at(-1);
  if (!last) return history;
  return {
    document: applyPatch(history.document, last.backward),
    past: history.past.slice(0, -1),
    future: [...history.future, last],
  };
}

export function redo<T>(history: EditHistory<T>): EditHistory<T> {
  const next = history.future.at(-1);
  if (!next) return history;
  return {
    document: applyPatch(history.document, next.forward),
    past: [...history.past, next],
    future: history.future.slice(0, -1),
  };
}
