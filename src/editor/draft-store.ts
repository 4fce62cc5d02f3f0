/** An edit not saved yet, kept on this device so a reload or a crash loses nothing. */
export interface Draft {
  document: unknown;
  /** The revision the edit started from, so saving it later still meets a newer save with the conflict view. */
  baseRevision: number | null;
  /** When the draft was last written (ms since the epoch). */
  updatedAt: number;
}

const PREFIX = 'insights.editor.draft.';

/** The draft kept under a scope (one page of one organisation, or the playground), if any. */
export function loadDraft(scope: string): Draft | undefined {
  try {
    const text = localStorage.getItem(PREFIX + scope);
    if (!text) return undefined;
    const draft = JSON.parse(text) as Partial<Draft>;
    if (draft.document === undefined || typeof draft.updatedAt !== 'number') return undefined;
    return { document: draft.document, baseRevision: draft.baseRevision ?? null, updatedAt: draft.updatedAt };
  } catch {
    // Storage switched off, or a draft written by something else: there is no draft to offer.
    return undefined;
  }
}

/** Keeps a draft; false when the browser refuses (storage full or switched off), so the editor can say so. */
export function saveDraft(scope: string, draft: Draft): boolean {
  try {
    localStorage.setItem(PREFIX + scope, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(scope: string): void {
  try {
    localStorage.removeItem(PREFIX + scope);
  } catch {
    // Nothing was kept if storage is off.
  }
}
