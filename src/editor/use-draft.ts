import { useEffect, useRef, useState } from 'react';
import { deepEqual } from './document/apply-patch';
import { clearDraft, type Draft, loadDraft, saveDraft } from './draft-store';

/** Writing the draft waits for typing to pause this long: a keystroke should not serialise a large page. */
const DRAFT_DELAY_MS = 400;

/**
 * Keeps the unsaved document on this device while it differs from the saved one, and forgets it once they
 * match (saved, discarded or undone back). Returns whether the browser refused to keep it.
 */
export function useDraftKeeping(
  scope: string,
  document: unknown,
  saved: unknown,
  baseRevision: number | null,
) {
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (deepEqual(document, saved)) {
        clearDraft(scope);
        setRefused(false);
      } else {
        setRefused(!saveDraft(scope, { document, baseRevision, updatedAt: Date.now() }));
      }
    }, DRAFT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [scope, document, saved, baseRevision]);
  return { refused };
}

/** The draft found when the editor opened, read once. */
export function useDraftFound(scope: string): Draft | undefined {
  const found = useRef<{ scope: string; draft: Draft | undefined }>(undefined);
  if (found.current?.scope !== scope) found.current = { scope, draft: loadDraft(scope) };
  return found.current.draft;
}
