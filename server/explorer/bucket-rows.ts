/**
 * One data point's buckets, in key order: the value the chart shows, the sum
 * of the readings' values (for totals), and how many readings went in (for
 * coverage). Columns rather than objects: a series can have 70,000 buckets.
 */
export interface BucketRows {
  keys: number[];
  values: number[];
  sums: number[];
  counts: number[];
}

export function emptyBucketRows(): BucketRows {
  return { keys: [], values: [], sums: [], counts: [] };
}

export type Aggregate = 'sum' | 'avg' | 'min' | 'max';

/** Folds values into one, as an aggregate says; kept running so buckets can be built in one pass. */
export class Fold {
  count = 0;
  sum = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;

  add(value: number): void {
    this.count++;
    this.sum += value;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  result(aggregate: Aggregate): number {
    if (aggregate === 'sum') return this.sum;
    if (aggregate === 'avg') return this.sum / this.count;
    return aggregate === 'min' ? this.min : this.max;
  }
}
