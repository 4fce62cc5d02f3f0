import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';

/**
 * What the server is set up with (GET /api/appConfig): it changes only when
 * the server restarts with other settings, so it is asked once per visit.
 */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'] as const,
  queryFn: () => api.appConfig(),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Whether addresses can be looked up: false until the server says so, and when it cannot be asked. */
export function useGeocoderAvailable(): boolean {
  return useQuery(appConfigQuery).data?.geocoder === true;
}
