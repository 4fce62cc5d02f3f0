import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { Mailer } from '../mail/mailer';

/** Deliveries taken per transaction. */
const BATCH = 20;
/** Tries before a delivery is kept as failed, and the first wait after a failure (doubling each time). */
export const MAX_ATTEMPTS = 6;
export const FIRST_RETRY_MS = 30_000;

/**
 * Sends the mail deliveries that are due, a batch per transaction:
 * each taken with FOR UPDATE SKIP LOCKED (so two processes never take one),
 * handed to the mail outbox and marked delivered in that same transaction.
 * A crash before the commit leaves it undelivered and nothing in the outbox;
 * after, both. So a restart sends every message once. A failure is tried
 * again later, each wait twice the one before, and kept with its error.
 * A stop (`signal`, as the job runner aborts a run) ends the batch under way
 * unsent, as a crash would. Returns how many were delivered.
 */
export async function deliverDue(
  db: Database,
  mailer: Mailer,
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
): Promise<number> {
  let delivered = 0;
  for (;;) {
    const { taken, sent } = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('notification_deliveries')
        .selectAll()
        .where('channel', '=', 'email')
        .where('delivered_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .where('next_attempt_at', '<=', now)
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      let sentHere = 0;
      for (const delivery of due) {
        signal?.throwIfAborted();
        try {
          await mailer.send({ to: delivery.recipient, subject: delivery.subject, text: delivery.body }, trx);
          await trx
            .updateTable('notification_deliveries')
            .set({ delivered_at: now, attempts: sql`attempts + 1`, error: null })
            .where('id', '=', delivery.id)
            .execute();
          sentHere++;
        } catch (error) {
          const wait = FIRST_RETRY_MS * 2 ** delivery.attempts;
          await trx
            .updateTable('notification_deliveries')
            .set({
              attempts: sql`attempts + 1`,
              next_attempt_at: new Date(now.getTime() + wait),
              error: (error as Error).message,
            })
            .where('id', '=', delivery.id)
            .execute();
        }
      }
      return { taken: due.length, sent: sentHere };
    });
    delivered += sent;
    if (taken < BATCH) return delivered;
  }
}
