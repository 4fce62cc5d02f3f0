import type { WidgetData } from '../../src/engine/widget-types';

/** Past this many points in all series, SVG gets slow (one DOM node per point); canvas draws them instead. */
export const CANVAS_THRESHOLD = 3000;

export interface NivoSerie {
  id: string;
  data: { x: Date; y: number | null }[];
}

/** A series as the API sends it: bucket starts (epoch ms) and values in two columns, null for a gap. */
export interface SeriesColumns {
  t: readonly number[];
  v: readonly (number | null)[];
}

/** [epoch ms, value] pairs → nivo's series; a null value stays null, so nivo draws a gap. */
export function toNivoSeries(series: WidgetData<'line-chart'>['series']): NivoSerie[] {
  return series.map((serie) => ({
    id: serie.label ?? serie.id,
    data: serie.points.map(([timestamp, value]) => ({ x: new Date(timestamp), y: value })),
  }));
}

/** Two columns → one nivo series; a null value stays null (a gap), never a zero. */
export function columnsToNivo(id: string, { t, v }: SeriesColumns): NivoSerie {
  const data = new Array<NivoSerie['data'][number]>(t.length);
  for (let index = 0; index < t.length; index++) {
    data[index] = { x: new Date(t[index] as number), y: v[index] ?? null };
  }
  return { id, data };
}

export function pointCount(series: WidgetData<'line-chart'>['series']): number {
  return series.reduce((total, serie) => total + serie.points.length, 0);
}

export function chooseRenderer(
  renderer: 'auto' | 'svg' | 'canvas' | undefined,
  points: number,
): 'svg' | 'canvas' {
  if (renderer === 'svg' || renderer === 'canvas') return renderer;
  return points > CANVAS_THRESHOLD ? 'canvas' : 'svg';
}

/** Tick labels that suit the time span on screen: hours within two days, days within a year, months beyond. */
export function timeTickFormat(series: WidgetData<'line-chart'>['series']): string {
  const [first, last] = timeDomain(series);
  return tickFormatForSpan(last - first);
}

/** The first and last instant of the series, in epoch milliseconds. */
export function timeDomain(series: WidgetData<'line-chart'>['series']): [number, number] {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const serie of series) {
    for (const [timestamp] of serie.points) {
      if (timestamp < first) first = timestamp;
      if (timestamp > last) last = timestamp;
    }
  }
  return [first, last];
}

/** The tick format for a time span in milliseconds: hours within two days, days within a year, months beyond. */
export function tickFormatForSpan(span: number): string {
  const day = 86_400_000;
  if (span <= 2 * day) return '%H:%M';
  if (span <= 366 * day) return '%b %d';
  return '%b %Y';
}
