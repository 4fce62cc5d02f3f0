import type { LayoutIssue } from '../../../src/engine/validation/issue';
import type { PushedReading } from '../../../src/generated/api-types';
import type { PointForWrite } from '../../readings/write-readings';
import { readingTime } from './reading-time';

/** A data point a push may write to: the organisation's own. */
export interface PushTarget extends PointForWrite {
  name: string;
}

/** The readings of one point, ready for writeReadings. */
export interface PointBatch {
  point: PushTarget;
  /** Satisfies writeReadings' Series. */
  series: { ts: number[]; values: number[]; quality: number[] };
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
 */
export function checkReadings(
  readings: PushedReading[],
  targets: PushTargets,
  now: number,
): { issues: LayoutIssue[]; batches: PointBatch[] } {
  const issues: LayoutIssue[] = [];
  const batches = new Map<number, PointBatch>();
  readings.forEach((reading, index) => {
    const at = `/readings/${index}`;
    const point = targetOf(reading.dataPoint, targets);
    if (!point) {
      issues.push({
        pointer: `${at}/dataPoint`,
        message: `no data point ${JSON.stringify(reading.dataPoint)} in your organisation`,
      });
    }
    const time = readingTime(reading.ts, now);
    if ('problem' in time) issues.push({ pointer: `${at}/ts`, message: time.problem });
    // The schema already refuses Infinity (1e999 in JSON); checked again so this function stands on its own.
    if (!Number.isFinite(reading.value))
      issues.push({ pointer: `${at}/value`, message: 'must be a finite number' });
    if (issues.length > 0 || !point || 'problem' in time) return;
    const batch = batches.get(point.id) ?? { point, series: { ts: [], values: [], quality: [] } };
    batch.series.ts.push(time.ms);
    batch.series.values.push(reading.value);
    batch.series.quality.push(reading.quality === 'estimated' ? 1 : 0);
    batches.set(point.id, batch);
  });
  return { issues, batches: issues.length > 0 ? [] : [...batches.values()] };
}

/** By name first; a name made only of digits that matches no name is taken as an id. */
function targetOf(reference: number | string, targets: PushTargets): PushTarget | undefined {
  if (typeof reference === 'number') return targets.byId.get(reference);
  return (
    targets.byName.get(reference) ??
    (/^\d+$/.test(reference) ? targets.byId.get(Number(reference)) : undefined)
  );
}
