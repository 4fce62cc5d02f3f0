import { sql } from 'kysely';
import type { Database } from '../db/database';
import { notFound } from '../http/api-error';

/** Any number, the same in every process: the first key of the per-point write lock. */
const WRITE_LOCK = 7_301_002;

/**
 * Holds the point's write lock until the transaction ends: writes of its
 * readings and choices on its steps take turns, so each works on what the
 * one before it stored. Call it inside a transaction.
 */
export async function lockPointForWrite(db: Database, pointId: number): Promise<void> {
  await takeWriteLock(db, pointId);
  // A deletion takes the same lock: a write that waited for one finds its point gone and stores
  // nothing, since readings have no foreign key to stop them outliving their point.
  const { rows } = await sql`select 1 from data_points where id = ${pointId}`.execute(db);
  if (rows.length === 0) throw notFound(`data point ${pointId}`);
}

/** The write locks of several points, taken in id order so two deletions never wait on each other. */
export async function lockPointsForDeletion(db: Database, pointIds: readonly number[]): Promise<void> {
  for (const id of [...pointIds].sort((a, b) => a - b)) await takeWriteLock(db, id);
}

/** The point's write lock, held until the transaction ends. */
async function takeWriteLock(db: Database, pointId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${WRITE_LOCK}, ${pointId})`.execute(db);
}
