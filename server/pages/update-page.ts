import type { DashboardUpdateRequest } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { checkedDocument } from './checked-document';
import { cleanTitle } from './page-title';
import { type OpenedPage, ownPage } from './pages';
import { saveRevision } from './save-revision';

/**
 * Saves a page's document as its next revision. The page is found first, so
 * another organisation's id is 404 whatever the document; the document is
 * checked before the page is locked, so a lock is never held for validation.
 */
export async function updatePage(
  db: Database,
  { organisationId, authorId }: { organisationId: number; authorId: string },
  request: DashboardUpdateRequest,
): Promise<OpenedPage> {
  await ownPage(db, organisationId, request.id);
  const checked = await checkedDocument(request.document);
  const document = request.title === undefined ? checked : { ...checked, title: cleanTitle(request.title) };
  return saveRevision(db, {
    organisationId,
    pageId: request.id,
    baseRevision: request.baseRevision,
    authorId,
    message: request.message,
    next: () => document,
  });
}
