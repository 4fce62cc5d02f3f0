import { queryOptions } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { ExplorerDataPoint } from '../generated/api-types';
import { DATA_KEY } from './query-client';

/** A report's sites (everything at or under them) or its chosen data points, by id. */
export type PointScope = { siteIds: number[] } | { dataPointIds: number[] };

/** One search of the Data Explorer's list of data points: by text, by tags, or both, within a report's scope. */
export interface PointSearch {
  search?: string;
  tags?: string[];
  siteIds?: number[];
  dataPointIds?: number[];
}

/** An organisation's data points change far less often than its readings. */
const POINTS_STALE_MS = 5 * 60_000;

export async function fetchPointSearch(params: PointSearch): Promise<ExplorerDataPoint[]> {
  const answer = await api.getEntitesForDataExplorer(params);
  // An answer without its list (a server that is not there, a proxy's page) fails here, not deep in a widget.
  if (!answer || !Array.isArray(answer.dataPoints)) throw new Error('the server sent no data points');
  return answer.dataPoints;
}

/** Widgets naming the same points (or the same intent) share one search. */
export function pointSearchQuery(params: PointSearch) {
  return queryOptions({
    queryKey: [DATA_KEY, 'point-search', params] as const,
    queryFn: () => fetchPointSearch(params),
    staleTime: POINTS_STALE_MS,
  });
}
