import type { LayoutIssue } from '../../../src/engine/validation/issue';
import type { PointForWrite } from '../../readings/readings-writer';
import { readingTime } from './reading-time';
import type { ReadingColumns } from './readings-body';

/** A data point a push may write to: the organisation's own. */
export interface PushTarget extends PointForWrite {
  name: string;
}

/** The readings of one point, ready for writeReadings, in the order they were sent. */
export interface PointBatch {
  point: PushTarget;
  /** Satisfies writeReadings' Series; typed arrays, which it takes as they are when in time order. */
  series: { ts: Float64Array; values: Float64Array; quality: Uint8Array };
  /** Each reading's position in the request, for answers that name readings. */
  positions: Uint32Array;
}

/** The pushing organisation's points that the readings name, by id and by name. */
export interface PushTargets {
  byId: ReadonlyMap<number, PushTarget>;
  byName: ReadonlyMap<string, PushTarget>;
}

/**
 * Every problem of every reading, each at /readings/<index>/<field>, and the
 * readings grouped by point when there are none. A point of another
 * organisation is reported exactly like one that does not exist.
 *
 * A batch is tens of thousands of readings, so the common case allocates
 * nothing per reading: a first pass checks each and counts each point's, a
 * second fills arrays of the right size.
 */
export function checkReadings(
  columns: ReadingColumns,
  targets: PushTargets,
  now: number,
): { issues: LayoutIssue[]; batches: PointBatch[] } {
  const { dataPoint, ts, value } = columns;
  const count = value.length;
  const issues: LayoutIssue[] = [];
  const pointOf = new Array<PushTarget | undefined>(count);
  const times = new Float64Array(count);
  const counts = new Map<PushTarget, number>();
  let reference: unknown;
  let point: PushTarget | undefined;
  for (let index = 0; index < count; index++) {
    const named = dataPoint[index] as number | string;
    // Batches usually list one point's readings together: look a point up once per run.
    if (index === 0 || named !== reference) {
      reference = named;
      point = targetOf(named, targets);
    }
    if (!point) {
      issues.push({
        pointer: `/readings/${index}/dataPoint`,
        message: `no data point ${JSON.stringify(named)} in your organisation`,
      });
    }
    const time = readingTime(ts[index] as number | string, now);
    if ('problem' in time) issues.push({ pointer: `/readings/${index}/ts`, message: time.problem });
    // The schema already refuses Infinity (1e999 in JSON); checked again so this function stands on its own.
    if (!Number.isFinite(value[index]))
      issues.push({ pointer: `/readings/${index}/value`, message: 'must be a finite number' });
    if (issues.length > 0 || !point || 'problem' in time) continue;
    pointOf[index] = point;
    times[index] = time.ms;
    counts.set(point, (counts.get(point) ?? 0) + 1);
  }
  if (issues.length > 0) return { issues, batches: [] };
  return { issues, batches: batchesByPoint(columns, pointOf, times, counts) };
}

/** The checked readings as one batch per point, in order of first appearance. */
function batchesByPoint(
  { value, quality }: ReadingColumns,
  pointOf: (PushTarget | undefined)[],
  times: Float64Array,
  counts: Map<PushTarget, number>,
): PointBatch[] {
  const batches = new Map<PushTarget, PointBatch & { filled: number }>();
  for (const [point, count] of counts) {
    const series = {
      ts: new Float64Array(count),
      values: new Float64Array(count),
      quality: new Uint8Array(count),
    };
    batches.set(point, { point, series, positions: new Uint32Array(count), filled: 0 });
  }
  for (let index = 0; index < value.length; index++) {
    const batch = batches.get(pointOf[index] as PushTarget) as PointBatch & { filled: number };
    batch.series.ts[batch.filled] = times[index] as number;
    batch.series.values[batch.filled] = value[index] as number;
    batch.series.quality[batch.filled] = quality[index] as number;
    batch.positions[batch.filled] = index;
    batch.filled++;
  }
  return [...batches.values()].map(({ point, series, positions }) => ({ point, series, positions }));
}

/** By name first; a name made only of digits that matches no name is taken as an id. */
function targetOf(reference: number | string, targets: PushTargets): PushTarget | undefined {
  if (typeof reference === 'number') return targets.byId.get(reference);
  return (
    targets.byName.get(reference) ??
    (/^\d+$/.test(reference) ? targets.byId.get(Number(reference)) : undefined)
  );
}
