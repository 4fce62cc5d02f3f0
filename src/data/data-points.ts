import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../generated/api-client';
import type { AddDataPointsRefRequest } from '../generated/api-types';
import { DATA_KEY } from './query-client';

/**
 * The first part of the key of every query about the organisation's data
 * points themselves (their list, their state, their open steps): whatever
 * changes a data point refreshes them together.
 */
export const DATA_POINTS_KEY = [DATA_KEY, 'data-points'] as const;

/** Says a data point was added, changed or deleted: every query under DATA_POINTS_KEY is asked again. */
export function useDataPointsChanged(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: DATA_POINTS_KEY }), [client]);
}

/**
 * Adds data points, all or none; answers the new ones. Every query under
 * DATA_POINTS_KEY is then asked again, and the mutation stays pending until
 * they have answered, so a list shows the new points by the time the form
 * closes.
 */
export function useAddDataPoints() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: AddDataPointsRefRequest) => (await api.addDataPointsRef(request)).dataPoints,
    onSuccess: () => client.invalidateQueries({ queryKey: DATA_POINTS_KEY }),
  });
}
