import { useQuery } from '@tanstack/react-query';
import { pointSearchQuery } from '../../src/data/point-search';

/**
 * The organisation's data points while a plan is edited: what can be placed
 * or colour a zone, and the names of points placed but not saved yet (the
 * plan's answer names only those saved on it). Not asked for otherwise.
 */
export function useOrganisationPoints(editing: boolean) {
  return useQuery({ ...pointSearchQuery({}), enabled: editing });
}

export type OrganisationPoints = ReturnType<typeof useOrganisationPoints>;
