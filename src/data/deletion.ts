import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { DeleteEntityResponse } from '../generated/api-types';
import { DATA_KEY } from './query-client';

/** What is to be deleted: a place with everything under it, or one data point. */
export type DeleteTarget = { kind: 'entity'; id: number } | { kind: 'dataPoint'; id: number };

/** What goes with a deletion (places under it, data points, readings) and what still reads its data. */
export type Deletion = DeleteEntityResponse;

/** The server's answer for the target: with dryRun what would go, without it what went. */
function deleteCall({ kind, id }: DeleteTarget, dryRun: boolean): Promise<Deletion> {
  return kind === 'entity'
    ? api.deleteEntity({ entityId: id, ...(dryRun ? { dryRun } : {}) })
    : api.deleteDataPoint({ dataPointId: id, ...(dryRun ? { dryRun } : {}) });
}

/**
 * What deleting the target would take with it, by the server's dry run. The
 * person decides on it, so it is asked afresh each time the question is put
 * (kept for no one once the question closes), and a refusal is shown at once
 * rather than retried.
 */
export function useDeletionPreview(target: DeleteTarget) {
  return useQuery({
    queryKey: [DATA_KEY, 'deletion-preview', target.kind, target.id] as const,
    queryFn: () => deleteCall(target, true),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * Deletes the target. It invalidates nothing itself: views still showing the
 * deleted thing would ask for it again and be told it is not there. The
 * caller has the places or data points asked again once the page has left it
 * (widgets/shared/use-refresh-once-left.ts with usePlacesChanged or
 * useDataPointsChanged).
 */
export function useDelete() {
  return useMutation({ mutationFn: (target: DeleteTarget) => deleteCall(target, false) });
}
