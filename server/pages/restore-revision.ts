import type { DashboardRestoreRequest } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { checkedDocument } from './checked-document';
import { type OpenedPage, ownPage } from './pages';
import { findRevision } from './revisions';
import { saveRevision } from './save-revision';
import { readStored } from './stored-document';

/**
 * Saves an earlier revision's document again as the next revision: history
 * only grows, so the restore itself can be undone. The old document is
 * migrated and checked as a save is; one that no longer passes (a widget
 * since removed) is refused with its problems.
 */
export async function restoreRevision(
  db: Database,
  { organisationId, authorId }: { organisationId: number; authorId: string },
  request: DashboardRestoreRequest,
): Promise<OpenedPage> {
  await ownPage(db, organisationId, request.id);
  const restored = await findRevision(db, request.id, request.revision);
  const document = await checkedDocument(readStored(restored.document).document, (issue) => ({
    pointer: '/revision',
    message: `revision ${request.revision} no longer passes at ${issue.pointer || '/'}: ${issue.message}`,
  }));
  return saveRevision(db, {
    organisationId,
    pageId: request.id,
    baseRevision: request.baseRevision,
    authorId,
    message: request.message ?? `Restored revision ${request.revision}`,
    next: () => document,
  });
}
