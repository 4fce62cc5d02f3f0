import { useQuery } from '@tanstack/react-query';
import { siteTreeQuery } from '../../src/data/places';
import { pointSearchQuery } from '../../src/data/point-search';
import type { SiteTreeNode } from '../../src/generated/api-types';

/**
 * The organisation's data points while a plan is edited: what can be placed
 * or colour a zone, and the names of points placed but not saved yet (the
 * plan's answer names only those saved on it). Not asked for otherwise.
 */
export function useOrganisationPoints(editing: boolean) {
  return useQuery({ ...pointSearchQuery({}), enabled: editing });
}

export type OrganisationPoints = ReturnType<typeof useOrganisationPoints>;

/** A place of the organisation with the names from its site down to it: Site › Building › Floor. */
export interface PlaceWithPath {
  id: number;
  path: string;
}

/**
 * The organisation's place tree as two lists, while a plan is made or
 * edited: the places a plan or a zone can be of (all but assets, each with
 * its path), and the assets, to be placed as markers.
 */
export function useOrganisationPlaces(enabled: boolean) {
  const tree = useQuery({ ...siteTreeQuery(), enabled });
  const sites = tree.data?.sites ?? [];
  return {
    places: sites.flatMap((site) => placesIn(site, [])),
    assets: sites.flatMap(assetsIn),
    isError: tree.isError,
  };
}

export type OrganisationPlaces = ReturnType<typeof useOrganisationPlaces>;

function placesIn(node: SiteTreeNode, above: string[]): PlaceWithPath[] {
  if (node.type === 'asset') return [];
  const path = [...above, node.name];
  return [
    { id: node.id, path: path.join(' › ') },
    ...node.children.flatMap((child) => placesIn(child, path)),
  ];
}

function assetsIn(node: SiteTreeNode): { id: number; name: string }[] {
  return [
    ...(node.type === 'asset' ? [{ id: node.id, name: node.name }] : []),
    ...node.children.flatMap(assetsIn),
  ];
}
