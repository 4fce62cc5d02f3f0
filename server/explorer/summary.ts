import type { SeriesSummary } from '../../src/generated/api-types';
import type { BucketRows } from './bucket-rows';
import type { DenseSeries } from './dense-series';

/** Min, max and mean of a series' bucket values, and how many buckets have one. */
export function bucketStatistics(
  series: DenseSeries,
): Pick<SeriesSummary, 'min' | 'max' | 'mean' | 'buckets'> {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let buckets = 0;
  for (const value of series.v) {
    if (value === null) continue;
    buckets++;
    sum += value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return buckets === 0
    ? { min: null, max: null, mean: null, buckets }
    : { min, max, mean: sum / buckets, buckets };
}

/** Percentage to one decimal, at most 100: the part of the period up to now that has what it should. */
export function coveragePercent(present: number, expected: number): number {
  if (expected <= 0) return 0;
  return Math.min(100, Math.round((present / expected) * 1000) / 10);
}

/**
 * A stored point's summary: totals and reading counts come from the store's
 * buckets, so they count every reading even when the chart shows a reduction.
 * Coverage only counts the period up to now: the rest of this year is not
 * missing data.
 */
export function storedSummary(
  series: DenseSeries,
  rows: BucketRows,
  options: { consumption: boolean; from: number; to: number; intervalMinutes: number; now: number },
): SeriesSummary {
  let total = 0;
  let readings = 0;
  for (let i = 0; i < rows.keys.length; i++) {
    total += rows.sums[i] as number;
    readings += rows.counts[i] as number;
  }
  const until = Math.min(options.to, options.now);
  const expected = Math.floor((until - options.from) / (options.intervalMinutes * 60_000));
  return {
    ...bucketStatistics(series),
    total: options.consumption ? (rows.keys.length === 0 ? null : total) : null,
    coverage: coveragePercent(readings, expected),
  };
}

/** A virtual point's summary: its buckets are all it has, so they are its total and its coverage. */
export function virtualSummary(
  series: DenseSeries,
  options: { consumption: boolean; now: number },
): SeriesSummary {
  const statistics = bucketStatistics(series);
  let total = 0;
  for (const value of series.v) if (value !== null) total += value;
  const expected = series.t.filter((start) => start < options.now).length;
  return {
    ...statistics,
    total: options.consumption && statistics.buckets > 0 ? total : null,
    coverage: coveragePercent(statistics.buckets, expected),
  };
}
