import type { Database } from '../db/database';
import { spreadStepsOf } from './register-step-rows';
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
  organisationId: number,
  pointIds: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, ExtraQuarters>> {
  const byPoint = new Map<number, ExtraQuarters>();
  for (const step of await spreadStepsOf(db, organisationId, pointIds, { from, to })) {
    let extras = byPoint.get(step.pointId);
    if (!extras) {
      extras = { ts: [], amounts: [] };
      byPoint.set(step.pointId, extras);
    }
    spreadQuarters(step, from, to, extras);
  }
  return byPoint;
}
