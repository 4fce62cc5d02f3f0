import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { api } from '../generated/api-client';
import type {
  DataImportRequest,
  DataImportResponse,
  GetUserDataImportResponse,
} from '../generated/api-types';
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
 * Says an import ended: every data query is asked again (the imports among
 * them), as its readings are in and the data points' last values, charts
 * and figures change.
 */
function useImportEnded(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: [DATA_KEY] }), [client]);
}

/** Starts an import; every list of imports is asked again, so it shows the new one running. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: DataImportRequest) => api.dataImport(request),
    onSuccess: () => void client.invalidateQueries({ queryKey: IMPORTS_KEY }),
  });
}

/**
 * How long each ask for a running import's progress may wait on the server,
 * which answers the moment the import ends: the bar moves about this often,
 * and the outcome shows as soon as there is one.
 */
export const FOLLOW_MS = 300;

/** The server lists no import of the id asked for. */
export class ImportNotListed extends Error {}

/**
 * One import from the record its start answered, asked again while it runs.
 * Each ask waits on the server up to FOLLOW_MS for the import to end; one
 * answered sooner while it still runs (the server is not following it yet)
 * is asked again only once FOLLOW_MS has passed since it was asked. A failed
 * ask stops the following until it is asked again (refetch). Once the import
 * has ended, every data query is asked again: its readings are in.
 */
export function useFollowedImport(started: DataImportResponse | undefined) {
  const asked = useRef(0);
  const ended = useImportEnded();
  const id = started?.id;
  const followed = useQuery({
    queryKey: [...IMPORTS_KEY, id ?? null] as const,
    queryFn:
      id === undefined
        ? skipToken
        : async () => {
            asked.current = Date.now();
            const answer = await api.getUserDataImport({ importId: id, waitMs: FOLLOW_MS });
            const [latest] = answer.imports;
            if (!latest) throw new ImportNotListed(`import ${id} is not listed`);
            return latest;
          },
    initialData: started,
    enabled: started?.status === 'running',
    staleTime: 0,
    // Set again at each answer, for what is left of FOLLOW_MS since the ask (at least 1 ms: 0 means never);
    // none while an ask is on its way.
    refetchInterval: ({ state }) =>
      state.fetchStatus === 'idle' && state.status === 'success' && state.data?.status === 'running'
        ? Math.max(1, FOLLOW_MS - (state.dataUpdatedAt - asked.current))
        : false,
    // The outcome is wanted, and the data it changes refreshed, even while the person looks elsewhere.
    refetchIntervalInBackground: true,
  });
  const hasEnded = followed.data !== undefined && followed.data.status !== 'running';
  useEffect(() => {
    if (hasEnded) ended();
  }, [hasEnded, ended]);
  return followed;
}
