import type { ApiError } from '../http/api-error';
import { staleRevision } from '../http/stale-revision';
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
  return staleRevision(`Page ${pageId}`, baseRevision, {
    revision: current.revision,
    document: readStored(current.document).document,
    author,
    savedAt: current.created_at.toISOString(),
    message: current.message,
  });
}
