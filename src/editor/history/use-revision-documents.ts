import { useCallback, useRef } from 'react';
import { api } from '../../generated/api-client';
import type { DashboardRevisionResponse } from '../../generated/api-types';

export type RevisionDocument = DashboardRevisionResponse;

/**
 * Fetches a page's revisions by number, each once: a revision never changes,
 * so comparing it again, or opening it after a comparison, asks nobody.
 * A failed fetch is forgotten, so the next try asks again.
 */
export function useRevisionDocuments(pageId: number): (revision: number) => Promise<RevisionDocument> {
  const cache = useRef(new Map<string, Promise<RevisionDocument>>());
  return useCallback(
    (revision: number) => {
      const key = `${pageId} ${revision}`;
      let fetched = cache.current.get(key);
      if (!fetched) {
        fetched = api.dashboardRevision({ id: pageId, revision });
        cache.current.set(key, fetched);
        fetched.catch(() => cache.current.delete(key));
      }
      return fetched;
    },
    [pageId],
  );
}
