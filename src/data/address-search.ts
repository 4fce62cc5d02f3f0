import { queryOptions } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { GeocodeRequest } from '../generated/api-types';

/**
 * The places an address may mean, from the server's geocoder. An address
 * looked up again is answered from the cache: the geocoder allows one search
 * a second, and a place does not move. A failure is shown, not retried.
 */
export function addressSearchQuery(request: Required<GeocodeRequest>) {
  return queryOptions({
    queryKey: ['address-search', request] as const,
    queryFn: async () => (await api.geocode(request)).places,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
