import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { SeriesSummaryEntry, UsageResponse } from '../generated/api-types';
import { costFigure } from './cost-figure';
import type { FigureName, FigureRequest, FigureResult } from './figure-types';
import { livePointsFrom } from './live/live-meta';
import { useRefetchInterval } from './page-period';
import { useScoped } from './page-scope';
import { isoWindow, type TimeWindow, windowsOf } from './periods';
import { sitesQuery } from './places';
import type { PointScope } from './point-search';
import { fetchPoints } from './points';
import { pricedBy } from './priced';
import { DATA_KEY } from './query-client';

export type { FigureName, FigureRequest, FigureResult } from './figure-types';

type Summary = SeriesSummaryEntry['current'];

/**
 * A total by intent comes from usage by site (the server adds up the
 * consumption of the intent's meters); anything else from the summaries of
 * the resolved data points. The windows end at the moment of fetching, so a
 * refetch moves them on.
 */
export async function fetchFigure(
  client: QueryClient,
  request: FigureRequest,
  now: Date = new Date(),
): Promise<FigureResult> {
  const figure = await fetchWholeFigure(client, request, now);
  return request.per === 'floorArea' ? perFloorArea(client, figure, request.scope) : figure;
}

async function fetchWholeFigure(
  client: QueryClient,
  request: FigureRequest,
  now: Date,
): Promise<FigureResult> {
  const windows = windowsOf(request.period, now, request.comparedWith);
  if (request.measure === 'cost' || request.measure === 'co2') {
    return costFigure(client, request, request.measure, windows.current, windows.previous);
  }
  const byName = request.dataPoints && request.dataPoints.length > 0;
  if (request.figure === 'total' && !byName && request.intent) {
    return usageTotal(client, request, request.intent, windows.current, windows.previous);
  }
  const { points, missing, unmatchedTags } = await fetchPoints(client, request);
  if (points.length === 0) return { kind: 'no-points', missing, intent: request.intent, unit: request.unit };
  const ask = (window: TimeWindow) =>
    api.explorerSummary({
      dataPointIds: points.map((point) => point.id),
      ...isoWindow(window),
      resolution: request.resolution,
      compare: false,
    });
  const [current, previous] = await Promise.all([ask(windows.current), ask(windows.previous)]);
  const summaries = checkedSummaries(current.summaries);
  const currents = summaries.map((entry) => entry.current);
  const previouses = checkedSummaries(previous.summaries).map((entry) => entry.current);
  const withData = currents.filter((summary) => summary.buckets > 0);
  return {
    kind: 'figure',
    value: combine(currents, request.figure),
    dataPointIds: points.map((point) => point.id),
    previous: combine(previouses, request.figure),
    unit: summaries[0]?.unit ?? points[0]?.unit ?? '',
    coverage: average(currents.map((summary) => summary.coverage)) ?? undefined,
    previousCoverage: average(previouses.map((summary) => summary.coverage)) ?? undefined,
    noTotal:
      request.figure === 'total' &&
      withData.length > 0 &&
      withData.every((summary) => summary.total === null),
    ...(unmatchedTags ? { unmatchedTags } : {}),
  };
}

/**
 * A figure per m² of the floor area of the sites it counts: a report's sites,
 * or every site of the organisation's on a dashboard. When a site counted has
 * no floor area there is no honest figure, and the result says how many lack
 * one; nor is there for a report on chosen data points.
 */
async function perFloorArea(
  client: QueryClient,
  figure: FigureResult,
  scope: PointScope | undefined,
): Promise<FigureResult> {
  if (figure.kind !== 'figure') return figure;
  // Chosen data points have no floor area of their own: their sites' would count what they do not.
  if (scope && 'dataPointIds' in scope) {
    return { ...figure, value: null, previous: null, floorArea: { m2: 0, sitesWithout: 0, ofPoints: true } };
  }
  const { sites } = await client.query(sitesQuery());
  if (!Array.isArray(sites)) throw new Error('the server sent no sites');
  const counted = sites
    .map((entry) => entry.entity)
    .filter((site) => !scope || scope.siteIds.includes(site.id));
  const sitesWithout = counted.filter((site) => !(site.floorAreaM2 && site.floorAreaM2 > 0)).length;
  const m2 = counted.reduce((sum, site) => sum + (site.floorAreaM2 ?? 0), 0);
  if (sitesWithout > 0 || m2 === 0) {
    return {
      ...figure,
      value: null,
      previous: null,
      floorArea: { m2, sitesWithout: Math.max(sitesWithout, 1) },
    };
  }
  const per = (value: number | null) => (value === null ? null : value / m2);
  return {
    ...figure,
    value: per(figure.value),
    previous: per(figure.previous),
    unit: `${figure.unit}/m²`,
    floorArea: { m2, sitesWithout: 0 },
  };
}

/** The key holds the period's name, not its instants, so widgets asking at slightly different moments share it. */
export function figureQuery(request: FigureRequest) {
  return queryOptions({
    queryKey: [DATA_KEY, 'figure', request] as const,
    queryFn: ({ client }) => fetchFigure(client, request),
    meta: {
      ...pricedBy(request.measure).meta,
      ...livePointsFrom((result: FigureResult) => (result.kind === 'figure' ? result.dataPointIds : [])),
    },
  });
}

/** A KPI's figure; fetched again as often as the page's refreshSeconds says. */
export function useFigure(request: FigureRequest) {
  return useQuery({ ...figureQuery(useScoped(request)), refetchInterval: useRefetchInterval() });
}

/**
 * Tags narrow the intent's meters to data points, so sub-meters are not
 * counted twice. Without them the server adds up every meter of the intent;
 * their ids are still read, beside it, for the live stream to follow.
 */
async function usageTotal(
  client: QueryClient,
  request: FigureRequest,
  intent: string,
  current: TimeWindow,
  previous: TimeWindow,
): Promise<FigureResult> {
  const unit = request.unit ?? 'kWh';
  // Tags or a report's scope narrow to data points; usage by site would count every site's.
  const narrowed = (request.tags && request.tags.length > 0) || request.scope !== undefined;
  const meters = fetchPoints(client, { intent, unit, tags: request.tags, scope: request.scope });
  const narrowedTo = narrowed ? await meters : undefined;
  if (narrowedTo && narrowedTo.points.length === 0) return { kind: 'no-points', missing: [], intent, unit };
  const ask = (window: TimeWindow) =>
    api.usage({
      ...isoWindow(window),
      by: 'site',
      unit,
      intent,
      limit: 100,
      ...(narrowedTo ? { dataPointIds: narrowedTo.points.map((point) => point.id) } : {}),
    });
  const [now, before, counted] = await Promise.all([ask(current), ask(previous), meters]);
  return {
    kind: 'figure',
    value: usedTotal(now),
    previous: usedTotal(before),
    dataPointIds: counted.points.map((point) => point.id),
    unit: now.unit || unit,
    ...(counted.unmatchedTags ? { unmatchedTags: counted.unmatchedTags } : {}),
  };
}

/** A usage total, or null when nothing was recorded (no site with any consumption). */
function usedTotal(usage: UsageResponse): number | null {
  if (!usage || typeof usage.total !== 'number') throw new Error('the server sent no usage total');
  const recorded = usage.total !== 0 || (usage.ranking ?? []).some((rank) => rank.total !== 0);
  return recorded ? usage.total : null;
}

function checkedSummaries(summaries: SeriesSummaryEntry[] | undefined): SeriesSummaryEntry[] {
  if (!Array.isArray(summaries)) throw new Error('the server sent no summaries');
  return summaries;
}

/**
 * One figure over several data points: totals add up; means are averaged
 * (the mean temperature of several rooms); max and min are the extremes.
 * Points without data in the period do not count; none with data is null.
 */
export function combine(summaries: readonly Summary[], figure: FigureName): number | null {
  const withData = summaries.filter((summary) => summary.buckets > 0);
  const values = withData
    .map((summary) => summary[figure])
    .filter((value): value is number => value !== null && Number.isFinite(value));
  if (values.length === 0) return null;
  if (figure === 'total') return values.reduce((sum, value) => sum + value, 0);
  if (figure === 'mean') return average(values);
  return figure === 'max' ? Math.max(...values) : Math.min(...values);
}

function average(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}
