import type { Database } from './database';

/**
 * PostgreSQL's codes for a transaction it rolled back whole to let another
 * through: a deadlock broken (40P01) or a serialization failure (40001).
 * Its documentation's remedy is to run the transaction again.
 */
const ROLLED_BACK_TO_TRY_AGAIN = new Set(['40P01', '40001']);

/** Runs before giving up: a second run meets the other transaction finished, so one more is plenty. */
const ATTEMPTS = 3;

/** Whether PostgreSQL rolled the transaction back to let another through, so running it again will do. */
export function isRolledBackToTryAgain(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && ROLLED_BACK_TO_TRY_AGAIN.has(code);
}

/**
 * `work` in a transaction of its own, run again when PostgreSQL ends it to
 * break a deadlock. For transactions that take several data points' write
 * locks (point-lock.ts): a write of several points takes each as it comes to
 * it, in no set order, so it can hold one that a time zone change or a
 * deletion waits for while it waits for one they hold. PostgreSQL ends one of
 * the two, rolled back whole; run again, it finds the other done.
 *
 * Inside a transaction already, `work` runs in it, and the one who opened it
 * runs it again: only a whole transaction can be.
 *
 * `work` may run more than once: it must do nothing outside the database
 * that it cannot do twice.
 */
export async function inRetriedTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRolledBackToTryAgain(error)) throw error;
    }
  }
}
