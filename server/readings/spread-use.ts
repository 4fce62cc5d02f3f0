import type { Database } from '../db/database';
import { spreadStepsIn } from './register-step-rows';
import { type ExtraQuarters, spreadQuarters } from './step-booking';

/**
 * The use a point's spread steps book in quarter-hours of [from, to) that
 * hold no reading of theirs, in time order: what a reader of raw deltas adds
 * to see a spread step as the rollups do (its earlier reading's delta holds
 * only its own quarter-hour's share).
 */
export async function spreadUseIn(
  db: Database,
  pointId: number,
  from: number,
  to: number,
): Promise<ExtraQuarters> {
  const extras: ExtraQuarters = { ts: [], amounts: [] };
  for (const step of await spreadStepsIn(db, pointId, { from, to })) spreadQuarters(step, from, to, extras);
  return extras;
}
