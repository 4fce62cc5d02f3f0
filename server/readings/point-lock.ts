import { sql } from 'kysely';
import type { Database } from '../db/database';
import { notFound } from '../http/api-error';

/** What a write needs of its point, read under its lock. */
const WRITE_SETTINGS = [
  'id',
  'organisation_id',
  'kind',
  'register_max',
  'interval_minutes',
  'time_zone',
] as const;

/** Any number, the same in every process: the first key of the per-point write lock (pg_locks' classid). */
export const WRITE_LOCK = 7_301_002;

/**
 * Holds the point's write lock until the transaction ends: writes of its
 * readings and choices on its steps take turns, so each works on what the
 * one before it stored. Call it inside a transaction.
 *
 * Returns the point's settings as stored once the lock is held. A write
 * goes by these, not by the caller's copy, which may be older (the MQTT
 * subscriber keeps points it looked up for a while): a site's new time zone
 * or a register's new maximum applies to the next write after its change.
 */
export async function lockPointForWrite(db: Database, pointId: number) {
  await takeWriteLock(db, pointId);
  // A deletion takes the same lock: a write that waited for one finds its point gone and stores
  // nothing, since readings have no foreign key to stop them outliving their point.
  const point = await db
    .selectFrom('data_points')
    .select(WRITE_SETTINGS)
    .where('id', '=', pointId)
    .executeTakeFirst();
  if (!point) throw notFound(`data point ${pointId}`);
  return point;
}

/**
 * The write locks of several points (a deletion's, a time zone change's, a
 * write of several points' readings), in one statement, taken in id order
 * so two holders of several never wait on each other.
 */
export async function lockPoints(db: Database, pointIds: readonly number[]): Promise<void> {
  if (pointIds.length === 0) return;
  const ids = [...new Set(pointIds)].sort((a, b) => a - b);
  // A volatile function in the select list runs on the rows in their sorted order.
  await sql`select pg_advisory_xact_lock(${WRITE_LOCK}, id)
    from unnest(${ids}::int4[]) with ordinality as u(id, n) order by n`.execute(db);
}

/**
 * lockPointForWrite for several points at once: their locks (lockPoints),
 * then their settings as stored, by id. A point that is gone is not in it.
 */
export async function lockPointsForWrite(db: Database, pointIds: readonly number[]) {
  await lockPoints(db, pointIds);
  const points =
    pointIds.length === 0
      ? []
      : await db
          .selectFrom('data_points')
          .select(WRITE_SETTINGS)
          .where('id', 'in', [...pointIds])
          .execute();
  return new Map(points.map((point) => [point.id, point]));
}

/** The point's write lock, held until the transaction ends. */
async function takeWriteLock(db: Database, pointId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${WRITE_LOCK}, ${pointId})`.execute(db);
}
