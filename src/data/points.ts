import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExplorerDataPoint } from '../generated/api-types';
import { useScoped } from './page-scope';
import { type PointScope, type PointSearch, pointSearchQuery } from './point-search';

export type { PointScope } from './point-search';

import { DATA_KEY } from './query-client';

/**
 * Which data points a dashboard widget shows, as a layout names them
 * (schemas/widgets/shared/point-selection.schema.json): by name (ids differ
 * between organisations, so layouts never hold ids), or by intent and unit,
 * optionally narrowed by tags.
 */
export interface PointSelection {
  dataPoints?: readonly string[];
  intent?: string;
  unit?: string;
  tags?: readonly string[];
  /** A report's scope (page-scope.tsx): nothing outside it is selected. */
  scope?: PointScope;
}

export interface ResolvedPoints {
  points: ExplorerDataPoint[];
  /** Names the layout asks for that the organisation has no data point of. */
  missing: string[];
  /**
   * The tags the layout narrows by that none of the intent's data points
   * carries: `points` are then all of the intent's, and the widget says so.
   */
  unmatchedTags?: string[];
}

/** The API takes at most this many data points in one query. */
export const MAX_POINTS = 200;

/**
 * Looks the selection up through the Data Explorer's search, each search
 * through the cache so widgets naming the same points ask once: each name is
 * matched exactly (then ignoring case), tags or not; an intent (or tags alone) keeps the
 * points of that intent carrying the tags, in `unit` when given, else in the
 * unit most of them have. When no point of the intent carries the tags (a
 * new organisation has tagged nothing), it takes all of the intent's points
 * and names the tags in `unmatchedTags`: a dashboard shows the organisation's
 * data from its first data point and says what it counts, rather than
 * showing nothing by a rule nobody sees. Nothing to go by selects nothing.
 */
export async function fetchPoints(client: QueryClient, selection: PointSelection): Promise<ResolvedPoints> {
  const search = (params: PointSearch) => client.query(pointSearchQuery({ ...params, ...selection.scope }));
  const tags = selection.tags && selection.tags.length > 0 ? [...selection.tags] : undefined;
  if (selection.dataPoints && selection.dataPoints.length > 0) {
    const names = [...new Set(selection.dataPoints)];
    // A point named in the layout is that point, whatever the tags say: narrowed by them, a person who
    // picked "Main meter" was told it does not exist because it is not on a place tagged "fiscal".
    const found = await Promise.all(names.map(async (name) => named(await search({ search: name }), name)));
    return collectNamed(names, found);
  }
  if (selection.intent || tags) {
    const dataPoints = await search({
      ...(selection.intent ? { search: selection.intent } : {}),
      ...(tags ? { tags } : {}),
    });
    const tagged = ofIntent(dataPoints, selection.intent, selection.unit);
    if (tagged.length > 0 || !tags || !selection.intent) return { points: tagged, missing: [] };
    const all = ofIntent(await search({ search: selection.intent }), selection.intent, selection.unit);
    return all.length > 0 ? { points: all, missing: [], unmatchedTags: tags } : { points: [], missing: [] };
  }
  return { points: [], missing: [] };
}

export function pointsQuery(selection: PointSelection) {
  return queryOptions({
    queryKey: [DATA_KEY, 'points', selection] as const,
    queryFn: ({ client }) => fetchPoints(client, selection),
  });
}

/** The data points a selection names, and the names that are not there. */
export function usePoints(selection: PointSelection) {
  return useQuery(pointsQuery(useScoped(selection)));
}

/** The search finds names containing the text: the one named exactly, else ignoring case. */
function named(dataPoints: ExplorerDataPoint[], name: string): ExplorerDataPoint | undefined {
  return (
    dataPoints.find((point) => point.name === name) ??
    dataPoints.find((point) => point.name.toLowerCase() === name.toLowerCase())
  );
}

function collectNamed(names: string[], found: (ExplorerDataPoint | undefined)[]): ResolvedPoints {
  const points: ExplorerDataPoint[] = [];
  const missing: string[] = [];
  found.forEach((point, index) => {
    if (point) {
      if (!points.some((seen) => seen.id === point.id)) points.push(point);
    } else missing.push(names[index] as string);
  });
  return { points, missing };
}

/** The search matches the intent's text anywhere (a name, a path): keep the points of that intent. */
function ofIntent(
  dataPoints: ExplorerDataPoint[],
  intent: string | undefined,
  unit: string | undefined,
): ExplorerDataPoint[] {
  const wanted = intent?.toLowerCase();
  const matching = wanted ? dataPoints.filter((point) => point.intent.toLowerCase() === wanted) : dataPoints;
  const inUnit = unit ?? commonestUnit(matching);
  return matching.filter((point) => point.unit === inUnit).slice(0, MAX_POINTS);
}

function commonestUnit(points: readonly ExplorerDataPoint[]): string | undefined {
  const counts = new Map<string, number>();
  for (const point of points) counts.set(point.unit, (counts.get(point.unit) ?? 0) + 1);
  let best: string | undefined;
  for (const [unit, count] of counts) if (best === undefined || count > (counts.get(best) ?? 0)) best = unit;
  return best;
}
