import type { PushReadingsResponse } from '../../../src/generated/api-types';
import { repeatedInstants } from '../../readings/repeated-instants';
import type { PointBatch } from './check-readings';

/** Enough examples to find the client's mistake. */
const LISTED_REPEATS = 10;

type Repeats = NonNullable<PushReadingsResponse['repeatedInstants']>;

/**
 * Readings that repeat an instant sent earlier in the same push for the same
 * data point, by their index in the request. Stored, the later value wins
 * (readings-writer.ts); the answer says so instead of counting fewer readings
 * without a word.
 */
export function pushRepeats(batches: PointBatch[]): Repeats | undefined {
  const found = repeatedInstants(
    batches.map(({ series, positions }) => ({ ts: series.ts, positions })),
    LISTED_REPEATS,
  );
  if (!found) return undefined;
  const { count, first } = found;
  return {
    count,
    kept: 'last',
    first: first.map(({ position, sameInstantAs }) => ({ reading: position, sameInstantAs })),
    message: `${count} ${count === 1 ? 'reading repeats an instant' : 'readings repeat an instant'} sent earlier in this push for the same data point; the last value sent for each instant was kept.`,
  };
}
