import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { UsageCell } from '../generated/api-types';
import { useRefetchInterval } from './page-period';
import { useScoped } from './page-scope';
import { isoWindow, type PeriodChoice, windowsOf } from './periods';
import { fetchPoints, type PointSelection } from './points';
import { DATA_KEY } from './query-client';

/** The mean consumption per local hour of each weekday of these data points over this period. */
export interface HourOfWeekRequest extends PointSelection {
  period: PeriodChoice;
}

export interface HourOfWeekResult {
  /** One per weekday (1, Monday, to 7) and hour the server has data for. */
  cells: UsageCell[];
  unit: string;
  missing: string[];
  /** Tags no data point of the intent carries, so all of its points are counted (see fetchPoints). */
  unmatchedTags?: string[];
}

/**
 * Without names, tags or an intent this is the electricity in kWh; named
 * data points need no intent (their own is theirs) and, without a unit, are
 * counted in the unit of the first of them.
 */
export async function fetchHourOfWeek(
  client: QueryClient,
  request: HourOfWeekRequest,
  now: Date = new Date(),
): Promise<HourOfWeekResult> {
  const intent = request.intent ?? (request.dataPoints ? undefined : 'electricity');
  let unit = request.unit ?? 'kWh';
  let dataPointIds: number[] | undefined;
  let missing: string[] = [];
  let unmatchedTags: string[] | undefined;
  if (request.dataPoints || (request.tags && request.tags.length > 0) || request.scope) {
    const resolved = await fetchPoints(
      client,
      request.dataPoints
        ? { dataPoints: request.dataPoints, tags: request.tags, scope: request.scope }
        : { intent, unit, tags: request.tags, scope: request.scope },
    );
    missing = resolved.missing;
    unmatchedTags = resolved.unmatchedTags;
    if (!request.unit && request.dataPoints && resolved.points[0]) unit = resolved.points[0].unit;
    dataPointIds = resolved.points.map((point) => point.id);
    if (dataPointIds.length === 0) return { cells: [], unit, missing };
  }
  const usage = await api.usage({
    ...isoWindow(windowsOf(request.period, now).current),
    by: 'hourOfWeek',
    unit,
    ...(intent ? { intent } : {}),
    ...(dataPointIds ? { dataPointIds } : {}),
  });
  if (!usage || !Array.isArray(usage.cells)) throw new Error('the server sent no hours');
  return {
    cells: usage.cells,
    unit: usage.unit || unit,
    missing,
    ...(unmatchedTags ? { unmatchedTags } : {}),
  };
}

/** Keyed by the period's name, not its instants, so widgets asking a moment apart share one request. */
export function hourOfWeekQuery(request: HourOfWeekRequest) {
  return queryOptions({
    queryKey: [DATA_KEY, 'hour-of-week', request] as const,
    queryFn: ({ client }) => fetchHourOfWeek(client, request),
  });
}

/** A heatmap's hours; fetched again as often as the page's refreshSeconds says. */
export function useHourOfWeek(request: HourOfWeekRequest) {
  return useQuery({ ...hourOfWeekQuery(useScoped(request)), refetchInterval: useRefetchInterval() });
}
