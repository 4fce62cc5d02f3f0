import type { Database } from '../db/database';
import type { PointKey } from '../readings/point-key';
import type { FlaggedStep } from './evaluate';

/**
 * The steps of a point flagged with their later reading in (after, until],
 * oldest first, each with when it was decided, if by `now`.
 */
export async function flaggedSteps(
  db: Database,
  point: PointKey,
  after: Date,
  until: Date,
  now: Date,
): Promise<FlaggedStep[]> {
  const rows = await db
    .selectFrom('register_steps')
    .select(['to_ts', 'used', 'status', 'decided_at'])
    .where('organisation_id', '=', point.organisation_id)
    .where('data_point_id', '=', point.id)
    .where('to_ts', '>', after)
    .where('to_ts', '<=', until)
    .orderBy('to_ts')
    .execute();
  return rows.map((row) => ({
    at: row.to_ts.getTime(),
    used: row.used,
    decidedAt:
      row.status !== 'open' && row.decided_at !== null && row.decided_at <= now
        ? row.decided_at.getTime()
        : null,
  }));
}
