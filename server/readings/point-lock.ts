import { sql } from 'kysely';
import type { Database } from '../db/database';

/** Any number, the same in every process: the first key of the per-point write lock. */
const WRITE_LOCK = 7_301_002;

/**
 * Holds the point's write lock until the transaction ends: writes of its
 * readings and choices on its steps take turns, so each works on what the
 * one before it stored. Call it inside a transaction.
 */
export async function lockPointForWrite(db: Database, pointId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${WRITE_LOCK}, ${pointId})`.execute(db);
}
