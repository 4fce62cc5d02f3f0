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

/** The organisation's assets (from the place tree) while a plan is edited, to be placed as markers. */
export function useOrganisationAssets(editing: boolean) {
  const tree = useQuery({ ...siteTreeQuery(), enabled: editing });
  return { list: (tree.data?.sites ?? []).flatMap(assetsIn), isError: tree.isError };
}

export type OrganisationAssets = ReturnType<typeof useOrganisationAssets>;

function assetsIn(node: SiteTreeNode): { id: number; name: string }[] {
  return [
    ...(node.type === 'asset' ? [{ id: node.id, name: node.name }] : []),
    ...node.children.flatMap(assetsIn),
  ];
}
