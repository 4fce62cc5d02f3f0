import { isNotFound } from '../api/api-failure';
import { api } from '../generated/api-client';
import { type PageDocumentState, usePageDocument } from './use-page-document';

/**
 * Loads one of the organisation's stored pages (its current revision, as the
 * server migrated it, with its summary) with its widgets and their data
 * validators: an id that is not a page of the organisation is missing, like
 * a file that does not exist. A new `round` loads it again, say after a reset.
 */
export function useStoredPage(pageId: number, round = 0): PageDocumentState {
  return usePageDocument(`${pageId}@${round}`, () => ({
    fetch: () => (Number.isInteger(pageId) && pageId >= 1 ? api.dashboardGet({ id: pageId }) : undefined),
    isMissing: isNotFound,
  }));
}
