import type { Load } from '../api/load.ts';
import { BARE_PATHS, type LoadedEndpoint } from './bare-routes.ts';

export const ENDPOINTS: LoadedEndpoint[] = ['getDataPoint', 'sites'];

/** One endpoint's two sides: the API as people call it, and the bare route beside it. */
export interface RoutePair<T> {
  ours: T;
  bare: T;
}

const JSON_BODY = { 'content-type': 'application/json' };

/**
 * Each endpoint's requests, with the empty request its contract allows (every
 * data point; every site): ours each with the next of the demo user's tokens,
 * round and round, the bare route's with none.
 */
export function loadsFor(
  apiUrl: string,
  bareUrl: string,
  tokens: string[],
): Record<LoadedEndpoint, RoutePair<Load>> {
  const authorization = tokens.map((token) => `Bearer ${token}`);
  const pair = (endpoint: LoadedEndpoint): RoutePair<Load> => ({
    ours: {
      url: `${apiUrl}/api/${endpoint}`,
      headers: JSON_BODY,
      rotation: { header: 'authorization', values: authorization, once: false },
    },
    bare: { url: `${bareUrl}${BARE_PATHS[endpoint]}`, headers: JSON_BODY },
  });
  return { getDataPoint: pair('getDataPoint'), sites: pair('sites') };
}
