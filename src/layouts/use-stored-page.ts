import { isNotFound } from '../api/api-failure';
import { api } from '../generated/api-client';
import { type PageDocumentState, usePageDocument } from './use-page-document';

/**
 * Loads one of the organisation's stored pages (its current revision, as the
 * server migrated it) with its widgets and their data validators: an id
 * that is not a page of the organisation is missing, like a file that does not exist.
 */
export function useStoredPage(pageId: number): PageDocumentState {
  return usePageDocument(String(pageId), () => ({
    fetch: () =>
      Number.isInteger(pageId) && pageId >= 1
        ? api.dashboardGet({ id: pageId }).then(({ document }) => document)
        : undefined,
    isMissing: isNotFound,
  }));
}
