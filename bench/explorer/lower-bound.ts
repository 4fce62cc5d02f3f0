import { QUARTER_HOUR } from '../ingest/series.ts';
import type { ExplorerCase } from './cases.ts';
import type { HeldSeries } from './held-readings.ts';

/** A series as the chart gets it, in columns: bucket starts and values, NaN for a bucket without readings. */
export interface BoundSeries {
  t: Float64Array;
  v: Float64Array;
  /** The summary the answer carries beside the points. */
  min: number;
  max: number;
  mean: number;
  total: number;
}

/**
 * The least work an answer needs, with the data already in memory: each
 * point's readings into the case's buckets (a register's rises first; sum for
 * consumption, mean for instantaneous values), every bucket of the period in
 * place, cut down to min and max per pixel column when there are more buckets
 * than pixels, and the series' summary. `dayStarts` are the period's local
 * midnights, as a calendar the server also keeps between requests.
 */
export function lowerBound(
  explorerCase: ExplorerCase,
  held: HeldSeries[],
  dayStarts: Float64Array,
  width: number,
): BoundSeries[] {
  return held.map((series) => {
    const dense =
      explorerCase.resolution === '15min'
        ? quarterBuckets(series, explorerCase.from, explorerCase.to)
        : dayBuckets(series, dayStarts);
    const ends = columnEnds(explorerCase, dayStarts, width);
    return { ...reduceToColumns(dense, ends), ...summary(dense.v) };
  });
}

/** A number that depends on every value of an answer: comparing it between runs keeps the work from being skipped. */
export function checksum(answer: BoundSeries[]): number {
  let sum = 0;
  for (const series of answer) {
    sum += series.t.length + series.total;
    for (const value of series.v) if (!Number.isNaN(value)) sum += value;
  }
  return sum;
}

/** What a reading contributes: a register's rise to the next reading (a drop is a reset to zero), else its value. */
function measureOf(series: HeldSeries, index: number): number {
  const { values } = series;
  if (series.kind !== 'cumulative') return values[index] as number;
  const earlier = values[index] as number;
  const later = values[index + 1] as number;
  // Rounded to 1e-9 as the store rounds a rise: three-decimal readings differ by binary noise otherwise.
  return later >= earlier ? Math.round((later - earlier) * 1e9) / 1e9 : later;
}

interface Dense {
  t: Float64Array;
  v: Float64Array;
}

function quarterBuckets(series: HeldSeries, from: number, to: number): Dense {
  const count = Math.ceil((to - from) / QUARTER_HOUR);
  const sums = new Float64Array(count);
  const readings = new Uint32Array(count);
  // A register's last reading has no rise until the next one arrives.
  const end = series.kind === 'cumulative' ? series.ts.length - 1 : series.ts.length;
  for (let index = 0; index < end; index++) {
    const at = series.ts[index] as number;
    if (at < from || at >= to) continue;
    const bucket = Math.floor((at - from) / QUARTER_HOUR);
    sums[bucket] = (sums[bucket] as number) + measureOf(series, index);
    readings[bucket] = (readings[bucket] as number) + 1;
  }
  const t = new Float64Array(count);
  for (let bucket = 0; bucket < count; bucket++) t[bucket] = from + bucket * QUARTER_HOUR;
  return { t, v: bucketValues(series, sums, readings) };
}

function dayBuckets(series: HeldSeries, dayStarts: Float64Array): Dense {
  const count = dayStarts.length - 1;
  const sums = new Float64Array(count);
  const readings = new Uint32Array(count);
  const end = series.kind === 'cumulative' ? series.ts.length - 1 : series.ts.length;
  let day = 0;
  for (let index = 0; index < end; index++) {
    const at = series.ts[index] as number;
    if (at < (dayStarts[0] as number)) continue;
    while (day < count && at >= (dayStarts[day + 1] as number)) day++;
    if (day === count) break;
    sums[day] = (sums[day] as number) + measureOf(series, index);
    readings[day] = (readings[day] as number) + 1;
  }
  return { t: dayStarts.subarray(0, count), v: bucketValues(series, sums, readings) };
}

/** Sum for consumption, mean for instantaneous values; NaN where a bucket had no reading (a gap, not a zero). */
function bucketValues(series: HeldSeries, sums: Float64Array, readings: Uint32Array): Float64Array {
  const mean = series.kind === 'instantaneous';
  const values = new Float64Array(sums.length);
  for (let bucket = 0; bucket < sums.length; bucket++) {
    const count = readings[bucket] as number;
    values[bucket] =
      count === 0 ? Number.NaN : mean ? (sums[bucket] as number) / count : (sums[bucket] as number);
  }
  return values;
}

/**
 * Where the pixel columns end, as the product cuts them: whole local days when
 * quarter-hours over a period of whole days give every column at least a day
 * (day i of n in column floor(i × width / n)), else equal slices of time.
 */
function columnEnds(explorerCase: ExplorerCase, dayStarts: Float64Array, width: number): Float64Array {
  const days = dayStarts.length - 1;
  const wholeDays = dayStarts[0] === explorerCase.from && dayStarts[days] === explorerCase.to;
  const ends = new Float64Array(width);
  for (let column = 0; column < width; column++) {
    ends[column] =
      explorerCase.resolution === '15min' && wholeDays && days >= width
        ? (dayStarts[Math.ceil(((column + 1) * days) / width)] as number)
        : explorerCase.from + ((column + 1) * (explorerCase.to - explorerCase.from)) / width;
  }
  return ends;
}

/** Per pixel column, its lowest and highest bucket in time order, or one gap where it has no value. */
function reduceToColumns(dense: Dense, ends: Float64Array): Dense {
  const length = dense.t.length;
  const width = ends.length;
  if (length <= width) return dense;
  const t = new Float64Array(2 * width);
  const v = new Float64Array(2 * width);
  let size = 0;
  let index = 0;
  for (let column = 0; column < width && index < length; column++) {
    const end = ends[column] as number;
    const first = index;
    let low = -1;
    let high = -1;
    for (; index < length && (dense.t[index] as number) < end; index++) {
      const value = dense.v[index] as number;
      if (Number.isNaN(value)) continue;
      if (low < 0 || value < (dense.v[low] as number)) low = index;
      if (high < 0 || value > (dense.v[high] as number)) high = index;
    }
    if (index === first) continue;
    if (low < 0) {
      t[size] = dense.t[first] as number;
      v[size++] = Number.NaN;
      continue;
    }
    const earlier = Math.min(low, high);
    const later = Math.max(low, high);
    t[size] = dense.t[earlier] as number;
    v[size++] = dense.v[earlier] as number;
    if (later !== earlier) {
      t[size] = dense.t[later] as number;
      v[size++] = dense.v[later] as number;
    }
  }
  return { t: t.subarray(0, size), v: v.subarray(0, size) };
}

function summary(values: Float64Array): Pick<BoundSeries, 'min' | 'max' | 'mean' | 'total'> {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let total = 0;
  let buckets = 0;
  for (const value of values) {
    if (Number.isNaN(value)) continue;
    buckets++;
    total += value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max, mean: total / buckets, total };
}
