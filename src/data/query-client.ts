import { type DefaultOptions, QueryClient } from '@tanstack/react-query';

/** The first part of every key of this folder's queries, so they can be refreshed or dropped together. */
export const DATA_KEY = 'data';

/**
 * The cache behind the data hooks. Readings of a dashboard change by the
 * quarter hour at most, so an answer stays fresh for a minute: widgets that
 * mount again (a page visited again) show it without asking, and pages that
 * want more set refreshSeconds. One retry covers a dropped connection
 * without keeping a widget on its skeleton for long when the server is down.
 */
export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, ...queries },
    },
  });
}
