import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { ExplorerDataPoint, RegisterStep } from '../generated/api-types';
import { idBatches } from './id-batches';
import { useRefetchInterval } from './page-period';
import { useScoped } from './page-scope';
import { isoWindow, type PeriodChoice, type TimeWindow, windowsOf } from './periods';
import { type PointScope, pointSearchQuery } from './point-search';
import { MAX_POINTS } from './points';
import { DATA_KEY } from './query-client';

const HOUR_MS = 3_600_000;

export interface DataQualityRequest {
  period: PeriodChoice;
  /** Only data points of this intent; all of them when left out. */
  intent?: string;
  /** A report's scope (page-scope.tsx). */
  scope?: PointScope;
}

/** How complete one data point's readings are over the period, and what looked wrong in them. */
export interface PointQuality {
  id: number;
  name: string;
  /** Percent of the period's expected readings that are there. */
  coverage: number;
  /** Hours of the period without a reading. */
  hoursMissing: number;
  /** Register steps flagged within the period (spikes, drops, use across gaps), and how many are undecided. */
  steps: { flagged: number; open: number };
}

export interface DataQuality {
  /** Worst coverage first. */
  points: PointQuality[];
  /** Hours in the period. */
  hours: number;
}

/**
 * How complete the readings of the page's data points (a report's scope, or
 * all of the organisation's) were over a period, hour by hour, and which
 * register steps were flagged in it: what a data quality report shows.
 */
export async function fetchDataQuality(
  client: QueryClient,
  request: DataQualityRequest,
  now: Date = new Date(),
): Promise<DataQuality> {
  const window = windowsOf(request.period, now).current;
  const found = await client.query(pointSearchQuery({ ...request.scope }));
  const points = found.filter(
    (point) => !point.virtual && (!request.intent || point.intent === request.intent),
  );
  const hours = Math.round((window.to.getTime() - window.from.getTime()) / HOUR_MS);
  if (points.length === 0) return { points: [], hours };
  const [summaries, steps] = await Promise.all([
    summariesOf(points, window),
    api.registerSteps({ status: 'all' }),
  ]);
  const flagged = stepsWithin(steps.steps, window);
  const quality = points.map((point): PointQuality => {
    const current = summaries.get(point.id);
    const own = flagged.filter((step) => step.dataPointId === point.id);
    return {
      id: point.id,
      name: point.name,
      coverage: current?.coverage ?? 0,
      hoursMissing: Math.max(0, hours - (current?.buckets ?? 0)),
      steps: { flagged: own.length, open: own.filter((step) => step.status === 'open').length },
    };
  });
  quality.sort((a, b) => a.coverage - b.coverage || b.steps.flagged - a.steps.flagged);
  return { points: quality, hours };
}

/** Each point's hourly summary over the window, asked for in batches the API takes. */
async function summariesOf(points: readonly ExplorerDataPoint[], window: TimeWindow) {
  const answers = await Promise.all(
    idBatches(points, MAX_POINTS).map((dataPointIds) =>
      api.explorerSummary({ dataPointIds, ...isoWindow(window), resolution: 'hour', compare: false }),
    ),
  );
  return new Map(
    answers.flatMap((answer) => answer.summaries).map((entry) => [entry.dataPointId, entry.current]),
  );
}

/** The steps whose readings fall (at least in part) within the window. */
function stepsWithin(steps: readonly RegisterStep[], window: TimeWindow): RegisterStep[] {
  return steps.filter(
    (step) => Date.parse(step.to) > window.from.getTime() && Date.parse(step.from) < window.to.getTime(),
  );
}

export function dataQualityQuery(request: DataQualityRequest) {
  return queryOptions({
    queryKey: [DATA_KEY, 'data-quality', request] as const,
    queryFn: ({ client }) => fetchDataQuality(client, request),
  });
}

/** The data quality of a period within the page's scope; fetched again as often as the page says. */
export function useDataQuality(request: DataQualityRequest) {
  return useQuery({ ...dataQualityQuery(useScoped(request)), refetchInterval: useRefetchInterval() });
}
