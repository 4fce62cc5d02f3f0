import { queryOptions } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import { DATA_KEY } from './query-client';

/**
 * One revision of a stored page with its document. A revision never changes,
 * so it is asked for once: comparing it again, or opening it after a
 * comparison, asks nobody. A failed read keeps nothing, so the next asks again.
 */
export function pageRevisionQuery(pageId: number, revision: number) {
  return queryOptions({
    queryKey: [DATA_KEY, 'page-revision', pageId, revision] as const,
    queryFn: () => api.dashboardRevision({ id: pageId, revision }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
