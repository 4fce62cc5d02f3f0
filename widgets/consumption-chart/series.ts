import type { TFunction } from 'i18next';
import { isFixedPeriod, type PeriodChoice } from '../../src/data/periods';
import type { Resolution } from '../../src/data/resolution';
import type { ChartSeries } from '../../src/generated/api-types';
import { cachedFormat } from '../../src/i18n/app-locale';

/**
 * Hours for today and the last 7 days, weeks for 90 days, months for a year,
 * days otherwise; a fixed period by its length, alike.
 */
export function defaultResolution(period: PeriodChoice): Resolution {
  if (isFixedPeriod(period))
    return resolutionForDays((Date.parse(period.to) - Date.parse(period.from)) / DAY_MS);
  if (period === 'today' || period === '7d') return 'hour';
  if (period === '90d') return 'week';
  if (period === 'year') return 'month';
  return 'day';
}

const DAY_MS = 86_400_000;

function resolutionForDays(days: number): Resolution {
  if (days <= 7) return 'hour';
  if (days <= 62) return 'day';
  if (days <= 186) return 'week';
  return 'month';
}

/** Bars for days, weeks and months; a line for finer buckets. */
export function chooseDisplay(
  display: 'auto' | 'bars' | 'line' | undefined,
  resolution: Resolution,
): 'bars' | 'line' {
  if (display === 'bars' || display === 'line') return display;
  return resolution === 'hour' || resolution === '15min' ? 'line' : 'bars';
}

/** The one unit of all series, or undefined when they differ. */
export function commonUnit(series: readonly Pick<ChartSeries, 'unit'>[]): string | undefined {
  const units = new Set(series.map((serie) => serie.unit));
  return units.size === 1 ? [...units][0] : undefined;
}

export function hasValues(series: readonly Pick<ChartSeries, 'points'>[]): boolean {
  return series.some((serie) => serie.points.v.some((value) => value !== null));
}

export type BarRow = { bucket: string } & Record<string, string | number>;

/**
 * Series → one row per bucket, a column per series. A bucket is named by its
 * local date in its site's time zone, so the same day of sites in different
 * zones shares a bar. A bucket without a value keeps its slot, empty: a gap,
 * never a zero. With `from`, buckets that end by that local date and time are
 * left out: the server widens the period to whole buckets in each site's
 * zone, so a site behind the browser's zone would add the day (or month)
 * before the period.
 */
export function toBarRows(series: readonly ChartSeries[], resolution: Resolution, from?: Date): BarRow[] {
  const rows = new Map<string, BarRow>();
  for (const serie of series) {
    const keyOf = bucketKeyFormat(serie.timeZone, resolution);
    serie.points.t.forEach((time, index) => {
      const bucket = keyOf(time);
      let row = rows.get(bucket);
      if (!row) {
        row = { bucket };
        rows.set(bucket, row);
      }
      const value = serie.points.v[index];
      if (value !== null && value !== undefined) row[serie.name] = value;
    });
  }
  const start = from ? localKey(from) : '';
  return [...rows.values()]
    .filter((row) => bucketEndKey(row.bucket, resolution) > start)
    .sort((a, b) => a.bucket.localeCompare(b.bucket));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A local date and time as "2025-06-03 14:15", comparable with bucket keys as text. */
function localKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Where a bucket ends, as "YYYY-MM-DD HH:mm" on its own local calendar. */
export function bucketEndKey(bucket: string, resolution: Resolution): string {
  const [date = '', time = '00:00'] = bucket.split(' ');
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const end = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (resolution === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else if (resolution === 'week') end.setUTCDate(end.getUTCDate() + 7);
  else if (resolution === 'day') end.setUTCDate(end.getUTCDate() + 1);
  else end.setUTCMinutes(end.getUTCMinutes() + (resolution === 'hour' ? 60 : 15));
  return `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())} ${pad(end.getUTCHours())}:${pad(end.getUTCMinutes())}`;
}

/** A bucket's start as a sortable local key: "2025-06-03", "2025-06" for months, "2025-06-03 14:15" below a day. */
function bucketKeyFormat(timeZone: string, resolution: Resolution): (time: number) => string {
  const format = dateTimeFormat(timeZone);
  return (time) => {
    const part = Object.fromEntries(
      format.formatToParts(new Date(time)).map(({ type, value }) => [type, value]),
    );
    const hour = part.hour === '24' ? '00' : part.hour;
    if (resolution === 'month') return `${part.year}-${part.month}`;
    if (resolution === 'day' || resolution === 'week') return `${part.year}-${part.month}-${part.day}`;
    return `${part.year}-${part.month}-${part.day} ${hour}:${part.minute}`;
  };
}

function dateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  try {
    return new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
  } catch {
    // An unknown zone: the browser's own.
    return new Intl.DateTimeFormat('en-CA', options);
  }
}

/** A bucket's date in the language the person chose for the app (the key is already local: UTC keeps it so). */
function labelFormat(kind: 'day' | 'month' | 'time'): Intl.DateTimeFormat {
  const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
    day: { day: 'numeric', month: 'short', timeZone: 'UTC' },
    month: { month: 'short', year: 'numeric', timeZone: 'UTC' },
    time: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' },
  };
  return cachedFormat(`bucket ${kind}`, (locale) => new Intl.DateTimeFormat(locale, options[kind]));
}

/**
 * A bucket key as people read it: "3 Jun", "w/c 2 Jun", "Jun 2025", "3 Jun, 14:00".
 * `t` reads the consumption-chart strings.
 */
export function bucketLabel(bucket: string, resolution: Resolution, t: TFunction): string {
  const [date = '', time = '00:00'] = bucket.split(' ');
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (Number.isNaN(at.getTime())) return bucket;
  if (resolution === 'month') return labelFormat('month').format(at);
  if (resolution === 'week') return t('weekOf', { date: labelFormat('day').format(at) });
  if (resolution === 'day') return labelFormat('day').format(at);
  return labelFormat('time').format(at);
}

/** At most about `count` evenly spaced tick values, so labels do not overlap. */
export function sparseTicks<T>(values: readonly T[], count = 8): T[] {
  const every = Math.max(1, Math.ceil(values.length / count));
  return values.filter((_, index) => index % every === 0);
}

export interface LineSerie {
  id: string;
  data: { x: Date; y: number | null }[];
}

/** Series → nivo's lines; a null value stays null, so the line has a gap. */
export function toLineSeries(series: readonly ChartSeries[]): LineSerie[] {
  return series.map((serie) => ({
    id: serie.name,
    data: serie.points.t.map((time, index) => ({ x: new Date(time), y: serie.points.v[index] ?? null })),
  }));
}

/** Tick labels for the span on screen: hours within two days, days beyond. */
export function timeTickFormat(series: readonly ChartSeries[]): string {
  const [first, last] = timeDomain(series);
  return last - first <= 2 * 86_400_000 ? '%H:%M' : '%b %d';
}

/** The first and last instant of the series, in epoch milliseconds. */
export function timeDomain(series: readonly ChartSeries[]): [number, number] {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const serie of series) {
    for (const time of serie.points.t) {
      if (time < first) first = time;
      if (time > last) last = time;
    }
  }
  return [first, last];
}
