import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import { DATA_KEY } from './query-client';

/** What data points can be for, with their names and units: they change only with a release, so asked once. */
export const pointIntentsQuery = queryOptions({
  queryKey: [DATA_KEY, 'point-intents'] as const,
  queryFn: async () => (await api.dataPointIntents({})).intents,
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePointIntents() {
  return useQuery(pointIntentsQuery);
}
