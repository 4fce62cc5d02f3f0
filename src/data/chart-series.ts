import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { ChartSeries } from '../generated/api-types';
import { useRefetchInterval } from './page-period';
import { isoWindow, type PeriodName, periodWindows } from './periods';
import { fetchPoints, type PointSelection } from './points';
import { DATA_KEY } from './query-client';
import type { Resolution } from './resolution';

/** The readings of these data points over this period, in buckets of this resolution. */
export interface SeriesRequest extends PointSelection {
  period: PeriodName;
  resolution: Resolution;
  aggregate?: 'sum' | 'avg' | 'min' | 'max';
  /** Columns the chart has: the server reduces a longer series to each column's lowest and highest value. */
  width: number;
  /** At most this many series; the rest are counted in `leftOut`. */
  limit: number;
}

export interface SeriesResult {
  series: ChartSeries[];
  /** The start of the period asked for. */
  from: Date;
  missing: string[];
  /** Data points matched but not asked for (past `limit`). */
  leftOut: number;
  /** Tags no data point of the intent carries, so all of its points are drawn (see fetchPoints). */
  unmatchedTags?: string[];
}

export async function fetchSeries(
  client: QueryClient,
  request: SeriesRequest,
  now: Date = new Date(),
): Promise<SeriesResult> {
  const window = periodWindows(request.period, now).current;
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
  });
}

/** A chart's series; fetched again as often as the page's refreshSeconds says. */
export function useSeries(request: SeriesRequest) {
  return useQuery({ ...seriesQuery(request), refetchInterval: useRefetchInterval() });
}
