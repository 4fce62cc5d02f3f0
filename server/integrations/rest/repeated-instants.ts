import type { PushReadingsResponse } from '../../../src/generated/api-types';
import type { PointBatch } from './check-readings';

/** Enough examples to find the client's mistake. */
const LISTED_REPEATS = 10;

type Repeats = NonNullable<PushReadingsResponse['repeatedInstants']>;

/**
 * Readings that repeat an instant sent earlier in the same push for the same
 * data point. Stored, the later value wins (writeReadings); the answer says so
 * instead of counting fewer readings without a word. A batch in strictly
 * rising time, the usual one, is passed over without a lookup per reading.
 */
export function repeatedInstants(batches: PointBatch[]): Repeats | undefined {
  let count = 0;
  const first: Repeats['first'] = [];
  for (const { series, positions } of batches) {
    if (strictlyRising(series.ts)) continue;
    const earliest = new Map<number, number>();
    series.ts.forEach((ts, index) => {
      const earlier = earliest.get(ts);
      if (earlier === undefined) {
        earliest.set(ts, positions[index] as number);
        return;
      }
      count++;
      if (first.length < LISTED_REPEATS)
        first.push({ reading: positions[index] as number, sameInstantAs: earlier });
    });
  }
  if (count === 0) return undefined;
  first.sort((a, b) => a.reading - b.reading);
  return {
    count,
    kept: 'last',
    first,
    message: `${count} ${count === 1 ? 'reading repeats an instant' : 'readings repeat an instant'} sent earlier in this push for the same data point; the last value sent for each instant was kept.`,
  };
}

function strictlyRising(ts: Float64Array): boolean {
  for (let index = 1; index < ts.length; index++)
    if ((ts[index] as number) <= (ts[index - 1] as number)) return false;
  return true;
}
