import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../generated/api-client';
import type { AddEntityRequest, UpdateEntityRequest } from '../generated/api-types';
import { DATA_POINTS_KEY } from './data-points';
import { DATA_KEY } from './query-client';

/** The organisation's sites and the places inside them: the tree, and each place's page. */
const PLACES_KEY = [DATA_KEY, 'places'] as const;

/**
 * The tree of places alone, as every view that shows or offers places reads
 * it: one request and one cached answer for the tree, the table of data
 * points and the lists, on whatever page shows several of them.
 */
export function siteTreeQuery() {
  return queryOptions({
    queryKey: [...PLACES_KEY, 'site-tree'] as const,
    queryFn: () => api.siteTree(),
  });
}

/** The tree of places (siteTreeQuery's answer) with the kinds of place one may add. */
export function placesTreeQuery() {
  return queryOptions({
    queryKey: [...PLACES_KEY, 'tree'] as const,
    queryFn: async ({ client }) => {
      const [tree, types] = await Promise.all([client.fetchQuery(siteTreeQuery()), api.entityTypes()]);
      return { sites: tree.sites, types: types.types };
    },
  });
}

export function usePlacesTree() {
  return useQuery(placesTreeQuery());
}

/** The tree of places alone, for a view that offers no place to add (the tree query also asks for the kinds). */
export function useSiteTree() {
  return useQuery(siteTreeQuery());
}

/** The sites with their address, floor area, time zone and counts, as the list of sites shows them. */
export function sitesQuery() {
  return queryOptions({
    queryKey: [...PLACES_KEY, 'sites'] as const,
    queryFn: () => api.sites(),
  });
}

export function useSites() {
  return useQuery(sitesQuery());
}

/** One place with its path, what is inside it and its data points. */
export function placeQuery(entityId: number) {
  return queryOptions({
    queryKey: [...PLACES_KEY, 'place', entityId] as const,
    queryFn: () => api.site({ entityId }),
  });
}

export function usePlace(entityId: number) {
  return useQuery(placeQuery(entityId));
}

/**
 * Says a place was added, changed or deleted: the tree and the pages of
 * places are asked again, and the data points' lists, which name where each
 * point is.
 */
export function usePlacesChanged(): () => void {
  const client = useQueryClient();
  return useCallback(() => void invalidatePlaces(client), [client]);
}

function invalidatePlaces(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: PLACES_KEY }),
    client.invalidateQueries({ queryKey: DATA_POINTS_KEY }),
  ]);
}

/** A place to add or a stored place's new fields, with the picture to upload for it, if one was chosen. */
export type PlaceSave = ({ add: AddEntityRequest } | { update: UpdateEntityRequest }) & { picture?: File };

/**
 * Adds a place or changes one, then uploads its picture: the picture goes up
 * after the place is saved, as a new place has no id before. Once both are
 * stored, the places and the data points' lists are asked again, and the
 * mutation stays pending until they have answered, so the saved place is in
 * the tree by the time the form closes.
 */
export function useSavePlace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ picture, ...save }: PlaceSave) => {
      const { entity } = 'add' in save ? await api.addEntity(save.add) : await api.updateEntity(save.update);
      if (picture) await api.uploadEntityImage({ entityId: entity.id }, picture);
      return entity;
    },
    onSuccess: () => invalidatePlaces(client),
  });
}
