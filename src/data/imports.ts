import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../generated/api-client';
import type { GetUserDataImportResponse } from '../generated/api-types';
import { DATA_KEY } from './query-client';

/** The organisation's meter file imports: listed by the import history, started by the meter import. */
const IMPORTS_KEY = [DATA_KEY, 'imports'] as const;

/** How often the list is asked again while an import runs. */
export const IMPORTS_REFRESH_MS = 2000;

/** Newest first; never fresh for long: an import started elsewhere shows at the next look. */
export function importsQuery() {
  return queryOptions({ queryKey: IMPORTS_KEY, queryFn: () => api.getUserDataImport({}), staleTime: 0 });
}

const anyRunning = (data: GetUserDataImportResponse | undefined) =>
  data?.imports.some((entry) => entry.status === 'running') ?? false;

/** The imports, asked again every IMPORTS_REFRESH_MS while one of them runs. */
export function useImports() {
  return useQuery({
    ...importsQuery(),
    refetchInterval: (query) => (anyRunning(query.state.data) ? IMPORTS_REFRESH_MS : false),
  });
}

/**
 * Says an import started (every list of imports on the page is asked again)
 * or ended (so is every data query: its readings are in, and the data points'
 * last values, charts and figures change).
 */
export function useImportsChanged(): { started: () => void; ended: () => void } {
  const client = useQueryClient();
  return useMemo(
    () => ({
      started: () => void client.invalidateQueries({ queryKey: IMPORTS_KEY }),
      ended: () => void client.invalidateQueries({ queryKey: [DATA_KEY] }),
    }),
    [client],
  );
}
