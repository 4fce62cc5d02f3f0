import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { UsageRank } from '../generated/api-types';
import { useRefetchInterval } from './page-period';
import { useScoped } from './page-scope';
import { isoWindow, type PeriodChoice, windowsOf } from './periods';
import { fetchPoints, type PointScope } from './points';
import { DATA_KEY } from './query-client';

/** The largest consumers of an intent (or of all consumption) in a unit over this period. */
export interface RankingRequest {
  by: 'dataPoint' | 'site';
  intent?: string;
  unit: string;
  /** Only data points on a place carrying every tag. */
  tags?: readonly string[];
  /** A report's scope (page-scope.tsx). */
  scope?: PointScope;
  period: PeriodChoice;
  limit: number;
}

export interface RankingResult {
  /** Largest first, each with its total of the period before. */
  ranking: UsageRank[];
  unit: string;
  total: number;
  /** Tags no data point of the intent carries, so all of its points are ranked (see fetchPoints). */
  unmatchedTags?: string[];
}

export async function fetchRanking(
  client: QueryClient,
  request: RankingRequest,
  now: Date = new Date(),
): Promise<RankingResult> {
  let dataPointIds: number[] | undefined;
  let unmatchedTags: string[] | undefined;
  // Tags narrow to data points (fiscal meters only, say), so a site's sub-meters are not counted twice.
  // A report's scope narrows alike: only its sites' points are ranked.
  if ((request.tags && request.tags.length > 0) || request.scope) {
    const resolved = await fetchPoints(client, {
      intent: request.intent,
      unit: request.unit,
      tags: request.tags,
      scope: request.scope,
    });
    if (resolved.points.length === 0) return { ranking: [], unit: request.unit, total: 0 };
    dataPointIds = resolved.points.map((point) => point.id);
    unmatchedTags = resolved.unmatchedTags;
  }
  const usage = await api.usage({
    ...isoWindow(windowsOf(request.period, now).current),
    by: request.by,
    unit: request.unit,
    limit: request.limit,
    ...(request.intent ? { intent: request.intent } : {}),
    ...(dataPointIds ? { dataPointIds } : {}),
  });
  if (!usage || !Array.isArray(usage.ranking)) throw new Error('the server sent no ranking');
  return {
    ranking: usage.ranking,
    unit: usage.unit || request.unit,
    total: usage.total,
    ...(unmatchedTags ? { unmatchedTags } : {}),
  };
}

/** Keyed by the period's name, not its instants, so widgets asking a moment apart share one request. */
export function rankingQuery(request: RankingRequest) {
  return queryOptions({
    queryKey: [DATA_KEY, 'ranking', request] as const,
    queryFn: ({ client }) => fetchRanking(client, request),
  });
}

/** A ranking of consumers; fetched again as often as the page's refreshSeconds says. */
export function useRanking(request: RankingRequest) {
  return useQuery({ ...rankingQuery(useScoped(request)), refetchInterval: useRefetchInterval() });
}
