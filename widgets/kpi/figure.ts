import { api } from '../../src/api/endpoints';
import type { WidgetData } from '../../src/engine/widget-types';
import type { SeriesSummaryEntry, UsageResponse } from '../../src/generated/api-types';
import { isoWindow, type PeriodName, periodWindows, type TimeWindow } from '../shared/periods';
import { resolvePoints } from '../shared/resolve-points';

type KpiData = WidgetData<'kpi'>;
type Figure = NonNullable<KpiData['figure']>;
type Summary = SeriesSummaryEntry['current'];

/** What a KPI shows once loaded. */
export type KpiResult =
  | { kind: 'no-points'; missing: string[]; intent?: string; unit?: string }
  | {
      kind: 'figure';
      value: number | null;
      /** null: the previous period has no data. */
      previous: number | null;
      unit: string;
      /** Mean data coverage of the current and of the previous period, percent; unknown for usage totals. */
      coverage?: number;
      previousCoverage?: number;
      /** The points are instantaneous: they have no total. */
      noTotal?: boolean;
    };

/**
 * Loads a KPI's figure for the current and the previous window: a total by
 * intent from usage by site; anything else from the summaries of the
 * resolved data points.
 */
export async function loadKpi(data: KpiData, now: Date = new Date()): Promise<KpiResult> {
  const windows = periodWindows((data.period ?? 'month') as PeriodName, now);
  const figure: Figure = data.figure ?? 'total';
  if (figure === 'total' && !data.dataPoint && data.intent) {
    return usageTotal(data.intent, data.unit ?? 'kWh', data.tags, windows.current, windows.previous);
  }
  const selection = data.dataPoint
    ? { dataPoints: [data.dataPoint] }
    : { intent: data.intent, unit: data.unit, tags: data.tags };
  const { points, missing } = await resolvePoints(selection);
  if (points.length === 0) return { kind: 'no-points', missing, intent: data.intent, unit: data.unit };
  const ask = (window: TimeWindow) =>
    api.explorerSummary({
      dataPointIds: points.map((point) => point.id),
      ...isoWindow(window),
      resolution: data.resolution ?? 'hour',
      compare: false,
    });
  const [current, previous] = await Promise.all([ask(windows.current), ask(windows.previous)]);
  const summaries = checkedSummaries(current.summaries);
  const currents = summaries.map((entry) => entry.current);
  const previouses = checkedSummaries(previous.summaries).map((entry) => entry.current);
  const withData = currents.filter((summary) => summary.buckets > 0);
  return {
    kind: 'figure',
    value: combine(currents, figure),
    previous: combine(previouses, figure),
    unit: summaries[0]?.unit ?? points[0]?.unit ?? '',
    coverage: average(currents.map((summary) => summary.coverage)) ?? undefined,
    previousCoverage: average(previouses.map((summary) => summary.coverage)) ?? undefined,
    noTotal: figure === 'total' && withData.length > 0 && withData.every((summary) => summary.total === null),
  };
}

async function usageTotal(
  intent: string,
  unit: string,
  tags: readonly string[] | undefined,
  current: TimeWindow,
  previous: TimeWindow,
): Promise<KpiResult> {
  let dataPointIds: number[] | undefined;
  if (tags && tags.length > 0) {
    const { points } = await resolvePoints({ intent, unit, tags });
    if (points.length === 0) return { kind: 'no-points', missing: [], intent, unit };
    dataPointIds = points.map((point) => point.id);
  }
  const ask = (window: TimeWindow) =>
    api.usage({
      ...isoWindow(window),
      by: 'site',
      unit,
      intent,
      limit: 100,
      ...(dataPointIds ? { dataPointIds } : {}),
    });
  const [now, before] = await Promise.all([ask(current), ask(previous)]);
  return { kind: 'figure', value: usedTotal(now), previous: usedTotal(before), unit: now.unit || unit };
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
export function combine(summaries: readonly Summary[], figure: Figure): number | null {
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
