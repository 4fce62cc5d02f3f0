import type { BucketRows } from './bucket-rows';
import type { BucketCalendar } from './calendar';
import { spanKeys } from './span';
import type { PointSpan } from './stored-buckets';

/**
 * A series with every bucket of its span in place, start instants and values:
 * a bucket without readings is null, so a gap stays a gap.
 */
export interface DenseSeries {
  t: number[];
  v: (number | null)[];
}

/** Buckets from the store, laid over every bucket the span has. */
export function denseFromBuckets(calendar: BucketCalendar, span: PointSpan, rows: BucketRows): DenseSeries {
  const keys = spanKeys(calendar, span);
  const t = new Array<number>(keys.length);
  const v = new Array<number | null>(keys.length);
  let next = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as number;
    t[i] = calendar.startOf(key);
    while (next < rows.keys.length && (rows.keys[next] as number) < key) next++;
    v[i] = rows.keys[next] === key ? (rows.values[next] as number) : null;
  }
  return { t, v };
}

/**
 * Raw readings as they are, with a null wherever two readings are further
 * apart than two intervals, so the line breaks there instead of bridging it.
 */
export function denseFromReadings(rows: BucketRows, intervalMinutes: number): DenseSeries {
  const gap = 2 * intervalMinutes * 60_000;
  const t: number[] = [];
  const v: (number | null)[] = [];
  for (let i = 0; i < rows.keys.length; i++) {
    const at = rows.keys[i] as number;
    const previous = t[t.length - 1];
    if (previous !== undefined && at - previous > gap) {
      t.push(previous + intervalMinutes * 60_000);
      v.push(null);
    }
    t.push(at);
    v.push(rows.values[i] as number);
  }
  return { t, v };
}
