import type { TFunction } from 'i18next';
import type { ChartSeries, GetChartDataByDateResponse, SeriesPoints } from '../../src/generated/api-types';
import { chartColour } from '../shared/chart-theme';
import type { ServedResolution } from './bucket-time';
import type { ChartChoice } from './view';

/** One line (or set of bars) in a panel: a series, or its previous period. */
export interface PanelSeries {
  /** Unique in the chart: the data point's id, with ":previous" for the previous period. */
  key: string;
  dataPointId: number;
  name: string;
  unit: string;
  color: string;
  previous: boolean;
  points: SeriesPoints;
}

/** One chart: every series in one unit, so no two units share a y axis. */
export interface Panel {
  unit: string;
  series: PanelSeries[];
  chart: 'line' | 'bar';
  renderer: 'svg' | 'canvas';
  /** Why bars were asked for but lines are drawn. */
  note?: string;
}

/**
 * Beyond this many bars in a panel, lines read better and draw faster: bars
 * are SVG, one element each, and bench:explorer saw 730 of them take 800 ms
 * to paint where the same series as a canvas line took about 200.
 */
export const MAX_BARS = 400;
/**
 * Past this many points a panel is drawn on a canvas, its lines and tooltip
 * straight from the columns (line-panel.tsx): nivo's SVG lines make an object
 * and a Delaunay cell per point, which a chart of 200 series feels.
 */
export const CANVAS_POINTS = 1000;
const BAR_RESOLUTIONS: readonly ServedResolution[] = ['day', 'week', 'month'];

export const seriesColor = chartColour;

/**
 * Panels in the order their units first appear; colours follow the order of the series.
 * `t` (the data-explorer namespace's) names the previous periods and says why bars were not drawn.
 */
export function buildPanels(
  response: GetChartDataByDateResponse,
  choice: ChartChoice | undefined,
  t: TFunction,
): Panel[] {
  const byUnit = new Map<string, PanelSeries[]>();
  const kinds = new Map<string, ChartSeries['kind'][]>();
  response.series.forEach((serie, index) => {
    const list = byUnit.get(serie.unit) ?? [];
    const color = seriesColor(index);
    const base = { dataPointId: serie.dataPointId, unit: serie.unit, color };
    list.push({
      ...base,
      key: String(serie.dataPointId),
      name: serie.name,
      previous: false,
      points: serie.points,
    });
    if (serie.previous) {
      list.push({
        ...base,
        key: `${serie.dataPointId}:previous`,
        name: t('chart.previous', { name: serie.name }),
        previous: true,
        points: serie.previous.points,
      });
    }
    byUnit.set(serie.unit, list);
    kinds.set(serie.unit, [...(kinds.get(serie.unit) ?? []), serie.kind]);
  });
  return [...byUnit].map(([unit, series]) => {
    const count = series.reduce((total, serie) => total + serie.points.t.length, 0);
    const bars = barsFit(series, kinds.get(unit) ?? [], response.resolution, count);
    const wantsBars = choice === 'bar' || (choice === undefined && bars.ok);
    const panel: Panel = {
      unit,
      series,
      chart: wantsBars && bars.ok ? 'bar' : 'line',
      renderer: count > CANVAS_POINTS ? 'canvas' : 'svg',
    };
    if (choice === 'bar' && !bars.ok) panel.note = t(`chart.barsNote.${bars.why}`);
    return panel;
  });
}

/**
 * Bars suit consumption per day, week or month: not instantaneous values
 * (a bar of a temperature means nothing), not reduced series, not thousands of bars.
 */
function barsFit(
  series: PanelSeries[],
  kinds: ChartSeries['kind'][],
  resolution: ServedResolution,
  count: number,
): { ok: true } | { ok: false; why: 'resolution' | 'instantaneous' | 'tooMany' } {
  if (!BAR_RESOLUTIONS.includes(resolution)) return { ok: false, why: 'resolution' };
  if (kinds.includes('instantaneous')) return { ok: false, why: 'instantaneous' };
  if (count > MAX_BARS || series.some((serie) => serie.points.reduced)) return { ok: false, why: 'tooMany' };
  return { ok: true };
}

/** Every bucket start of a panel's series, sorted: the bars' categories. */
export function panelBuckets(series: readonly PanelSeries[]): number[] {
  const all = new Set<number>();
  for (const serie of series) for (const time of serie.points.t) all.add(time);
  return [...all].sort((a, b) => a - b);
}

/** A brushed stretch of a time axis (fractions 0-1 of its width) as instants. */
export function brushedPeriod(start: number, end: number, domain: { from: number; to: number }) {
  const span = domain.to - domain.from;
  const [low, high] = start <= end ? [start, end] : [end, start];
  return {
    from: Math.round(domain.from + clamp(low) * span),
    to: Math.round(domain.from + clamp(high) * span),
  };
}

/** A brushed stretch of bars as instants: from the first bar's start to the end of the last one. */
export function brushedBuckets(start: number, end: number, buckets: readonly number[], step: number) {
  const [low, high] = start <= end ? [start, end] : [end, start];
  const count = buckets.length;
  const first = Math.min(count - 1, Math.floor(clamp(low) * count));
  const last = Math.min(count - 1, Math.floor(clamp(high) * count));
  const next = buckets[last + 1];
  return {
    from: buckets[first] as number,
    to: next ?? (buckets[last] as number) + step,
  };
}

function clamp(fraction: number): number {
  return Math.min(1, Math.max(0, fraction));
}
