import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import { fetchCostSeries } from './cost-series';
import { livePointsFrom } from './live/live-meta';
import { useRefetchInterval } from './page-period';
import { useScoped } from './page-scope';
import { isoWindow, windowsOf } from './periods';
import { fetchPoints } from './points';
import { pricedBy } from './priced';
import { DATA_KEY } from './query-client';
import type { SeriesRequest, SeriesResult } from './series-types';

export type { SeriesRequest, SeriesResult } from './series-types';

export async function fetchSeries(
  client: QueryClient,
  request: SeriesRequest,
  now: Date = new Date(),
): Promise<SeriesResult> {
  if (request.measure === 'cost' || request.measure === 'co2') {
    return fetchCostSeries(client, request, request.measure, now);
  }
  const window = windowsOf(request.period, now).current;
  const { points, missing, unmatchedTags } = await fetchPoints(client, request);
  if (points.length === 0) return { series: [], from: window.from, missing, leftOut: 0 };
  const shown = points.slice(0, request.limit);
  const answer = await api.getChartDataByDate({
    dataPointIds: shown.map((point) => point.id),
    ...isoWindow(window),
    resolution: request.resolution,
    ...(request.aggregate ? { aggregate: request.aggregate } : {}),
    width: request.width,
    compare: false,
  });
  if (!answer || !Array.isArray(answer.series)) throw new Error('the server sent no series');
  return {
    series: answer.series,
    from: window.from,
    missing,
    leftOut: points.length - shown.length,
    ...(unmatchedTags ? { unmatchedTags } : {}),
  };
}

/** Keyed by the period's name, not its instants, so widgets asking a moment apart share one request. */
export function seriesQuery(request: SeriesRequest) {
  return queryOptions({
    queryKey: [DATA_KEY, 'series', request] as const,
    queryFn: ({ client }) => fetchSeries(client, request),
    meta: {
      ...pricedBy(request.measure).meta,
      ...livePointsFrom((result: SeriesResult) => result.series.map((series) => series.dataPointId)),
    },
  });
}

/** A chart's series; fetched again as often as the page's refreshSeconds says. */
export function useSeries(request: SeriesRequest) {
  return useQuery({ ...seriesQuery(useScoped(request)), refetchInterval: useRefetchInterval() });
}
