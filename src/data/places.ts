import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../generated/api-client';
import { DATA_POINTS_KEY } from './data-points';
import { DATA_KEY } from './query-client';

/** The organisation's sites and the places inside them: the tree, and each place's page. */
const PLACES_KEY = [DATA_KEY, 'places'] as const;

/** The tree of places with the kinds of place one may add. */
export function placesTreeQuery() {
  return queryOptions({
    queryKey: [...PLACES_KEY, 'tree'] as const,
    queryFn: async () => {
      const [tree, types] = await Promise.all([api.siteTree(), api.entityTypes()]);
      return { sites: tree.sites, types: types.types };
    },
  });
}

export function usePlacesTree() {
  return useQuery(placesTreeQuery());
}

/** One place with its path, what is inside it and its data points. */
export function usePlace(entityId: number) {
  return useQuery({
    queryKey: [...PLACES_KEY, 'place', entityId] as const,
    queryFn: () => api.site({ entityId }),
  });
}

/**
 * Says a place was added, changed or deleted: the tree and the pages of
 * places are asked again, and the data points' lists, which name where each
 * point is.
 */
export function usePlacesChanged(): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: PLACES_KEY });
    void client.invalidateQueries({ queryKey: DATA_POINTS_KEY });
  }, [client]);
}
