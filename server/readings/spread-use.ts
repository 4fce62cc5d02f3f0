import type { Database } from '../db/database';
import { type ExtraQuarters, spreadQuarters } from './step-booking';

/**
 * The use the points' spread steps book in quarter-hours of [from, to) that
 * hold no reading of theirs, in time order, by point id (a point with none is
 * left out): what a reader of raw deltas adds to see a spread step as the
 * rollups do (its earlier reading's delta holds only its own quarter-hour's
 * share). One query for all the points.
 */
export async function spreadUseIn(
  db: Database,
  pointIds: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, ExtraQuarters>> {
  const byPoint = new Map<number, ExtraQuarters>();
  if (pointIds.length === 0) return byPoint;
  const steps = await db
    .selectFrom('register_steps')
    .select(['data_point_id', 'from_ts', 'to_ts', 'used', 'status'])
    .where('data_point_id', 'in', pointIds)
    .where('status', '=', 'spread')
    .where('from_ts', '<', new Date(to))
    .where('to_ts', '>', new Date(from))
    .orderBy('data_point_id')
    .orderBy('from_ts')
    .execute();
  for (const step of steps) {
    let extras = byPoint.get(step.data_point_id);
    if (!extras) {
      extras = { ts: [], amounts: [] };
      byPoint.set(step.data_point_id, extras);
    }
    const booked = {
      from: new Date(step.from_ts).getTime(),
      to: new Date(step.to_ts).getTime(),
      used: step.used,
    };
    spreadQuarters({ ...booked, status: step.status }, from, to, extras);
  }
  return byPoint;
}
