import type { DashboardResetRequest } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';
import { checkedDocument } from './checked-document';
import { templateDocument } from './page-templates';
import { type OpenedPage, ownPage } from './pages';
import { saveRevision } from './save-revision';

/**
 * Saves the document of the template the page started from as its next
 * revision, under the page's own title: a reset undoes the edits, not a
 * rename. A page that started blank or imported has nothing to reset to.
 */
export async function resetPage(
  db: Database,
  { organisationId, authorId }: { organisationId: number; authorId: string },
  request: DashboardResetRequest,
): Promise<OpenedPage> {
  const page = await ownPage(db, organisationId, request.id);
  if (page.template === null) {
    throw fieldError(
      '/id',
      `Page ${page.id} did not start from a template, so there is none to reset it to; restore one of its revisions instead.`,
    );
  }
  const stored = templateDocument(page.template);
  if (stored === undefined) {
    throw fieldError(
      '/id',
      `Page ${page.id} started from the template ${page.template}, which this version of Insights no longer has; restore one of its revisions instead.`,
    );
  }
  const template = await checkedDocument(stored, (issue) => ({
    pointer: '/id',
    message: `its template ${page.template} no longer passes at ${issue.pointer || '/'}: ${issue.message}`,
  }));
  return saveRevision(db, {
    organisationId,
    pageId: page.id,
    baseRevision: request.baseRevision,
    authorId,
    message: `Reset to the template ${page.template}`,
    next: ({ page: locked }) => ({ ...template, title: locked.title }),
  });
}
