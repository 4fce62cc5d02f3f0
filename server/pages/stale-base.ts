import { ApiError } from '../http/api-error';
import type { RevisionRow } from './revisions';
import { readStored } from './stored-document';

/**
 * 409 for a save that started from another revision than the current one:
 * another save came first. The body's `conflict` carries the current
 * revision whole, so the editor can show the difference and let the person
 * keep theirs, take it, or merge, without asking again.
 */
export function staleBase(
  pageId: number,
  baseRevision: number,
  current: RevisionRow,
  author: string | null,
): ApiError {
  const savedAt = current.created_at.toISOString();
  const by = author ? ` by ${author}` : '';
  return new ApiError(
    409,
    `Page ${pageId} is at revision ${current.revision} (saved${by} at ${savedAt}), not revision ${baseRevision} that this save started from. Nothing was saved: compare the two, then save again from revision ${current.revision}.`,
    undefined,
    {
      conflict: {
        revision: current.revision,
        document: readStored(current.document).document,
        author,
        savedAt,
        message: current.message,
      },
    },
  );
}
