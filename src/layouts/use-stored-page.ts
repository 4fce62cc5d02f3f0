import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isNotFound } from '../api/api-failure';
import { screenQueryKey } from '../data/screen-query';
import { STORED_PAGE_READ } from '../data/stored-pages';
import { useWidgetRegistry, type WidgetRegistry } from '../engine/render/widget-registry';
import { api } from '../generated/api-client';
import { loadPageWidgets } from './load-page-widgets';
import type { PageDocumentState } from './use-page-document';

/**
 * One of the organisation's stored pages (its current revision, as the server
 * migrated it, with its summary), with what its widgets need to render at
 * once. Kept only while shown: each visit, and each opening of the editor,
 * reads the page anew, so neither starts from a revision since replaced.
 * Not retried: a page that is not there is said at once.
 */
function storedPageQuery(pageId: number, registry: WidgetRegistry) {
  return queryOptions({
    queryKey: [...screenQueryKey(STORED_PAGE_READ), pageId] as const,
    queryFn: async () => {
      const fetched = await api.dashboardGet({ id: pageId });
      await loadPageWidgets(registry, fetched.document);
      return fetched;
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * Loads one of the organisation's stored pages for the page and the editor:
 * an id that is not a page of the organisation is missing, like a file that
 * does not exist. The page shows once read while this is mounted; a later
 * answer (after a reset, say) takes its place where it stands.
 */
export function useStoredPage(pageId: number): PageDocumentState {
  const isPageId = Number.isInteger(pageId) && pageId >= 1;
  const query = useQuery({ ...storedPageQuery(pageId, useWidgetRegistry()), enabled: isPageId });
  const { data, error, isFetchedAfterMount } = query;
  return useMemo((): PageDocumentState => {
    if (!isPageId) return { status: 'missing' };
    if (data && isFetchedAfterMount) return { status: 'loaded', document: data.document, page: data.page };
    if (error && isFetchedAfterMount)
      return isNotFound(error) ? { status: 'missing' } : { status: 'failed', message: error.message };
    return { status: 'loading' };
  }, [isPageId, data, error, isFetchedAfterMount]);
}
