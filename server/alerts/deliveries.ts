import { type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/database';
import { keyedRows } from '../db/keyed-rows';
import type { Tables } from '../db/tables';
import type { Mailer } from '../mail/mailer';
import { alertsPage } from './alerts-page';

/** Deliveries taken per transaction. */
const BATCH = 20;
/** Tries before a delivery is kept as failed, and the first wait after a failure (doubling each time). */
export const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;

/** When a delivery that failed after `attemptsBefore` tries is tried next: each wait twice the one before. */
export function retryAt(now: Date, attemptsBefore: number): Date {
  return new Date(now.getTime() + FIRST_RETRY_MS * 2 ** attemptsBefore);
}

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
  { now = new Date(), signal, publicUrl }: { now?: Date; signal?: AbortSignal; publicUrl: string },
): Promise<number> {
  let delivered = 0;
  for (;;) {
    const { taken, sent } = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('notification_deliveries')
        .selectAll()
        .where('channel', '=', 'email')
        .where('digest', '=', false)
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
          await mailer.send(
            { to: delivery.recipient, subject: delivery.subject, text: delivery.body, about: 'alerts' },
            trx,
          );
          await trx
            .updateTable('notification_deliveries')
            .set({ delivered_at: now, attempts: sql`attempts + 1`, error: null })
            .where('organisation_id', '=', delivery.organisation_id)
            .where('id', '=', delivery.id)
            .execute();
          sentHere++;
        } catch (error) {
          await trx
            .updateTable('notification_deliveries')
            .set({
              attempts: sql`attempts + 1`,
              next_attempt_at: retryAt(now, delivery.attempts),
              error: (error as Error).message,
            })
            .where('organisation_id', '=', delivery.organisation_id)
            .where('id', '=', delivery.id)
            .execute();
        }
      }
      return { taken: due.length, sent: sentHere };
    });
    delivered += sent;
    if (taken < BATCH) return delivered + (await deliverDigestsDue(db, mailer, { now, signal, publicUrl }));
  }
}

/**
 * Sends each address's due digest mails as one, a transaction an address,
 * as deliverDue sends the others: handed to the outbox and marked delivered
 * together, or tried again later together. Returns how many were delivered.
 */
async function deliverDigestsDue(
  db: Database,
  mailer: Mailer,
  { now, signal, publicUrl }: { now: Date; signal?: AbortSignal; publicUrl: string },
): Promise<number> {
  let delivered = 0;
  for (;;) {
    signal?.throwIfAborted();
    const sent = await db.transaction().execute(async (trx) => {
      const due = trx
        .selectFrom('notification_deliveries')
        .where('channel', '=', 'email')
        .where('digest', '=', true)
        .where('delivered_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .where('next_attempt_at', '<=', now);
      const taken = await oneAddressDue(trx, due);
      if (!taken) return null;
      const { recipient, mails } = taken;
      try {
        await mailer.send({ to: recipient, ...digestOf(mails, publicUrl), about: 'alerts' }, trx);
        await trx
          .updateTable('notification_deliveries')
          .set({ delivered_at: now, attempts: sql`attempts + 1`, error: null })
          .where(keyedRows(mails))
          .execute();
        return mails.length;
      } catch (error) {
        const attempts = Math.max(...mails.map((mail) => mail.attempts));
        await trx
          .updateTable('notification_deliveries')
          .set({
            attempts: sql`attempts + 1`,
            next_attempt_at: retryAt(now, attempts),
            error: (error as Error).message,
          })
          .where(keyedRows(mails))
          .execute();
        return 0;
      }
    });
    if (sent === null) return delivered;
    delivered += sent;
  }
}

/**
 * An address with digest mails due that no other process is sending, and
 * those mails, held: the address's lock (an advisory lock on its name, to
 * the end of the transaction) makes one process send its digest whole, where
 * locking its rows one by one let two processes split it into two mails.
 */
async function oneAddressDue(
  trx: Database,
  due: SelectQueryBuilder<Tables, 'notification_deliveries', object>,
): Promise<{ recipient: string; mails: Selectable<Tables['notification_deliveries']>[] } | undefined> {
  const addresses = await due.select('recipient').distinct().orderBy('recipient').limit(BATCH).execute();
  for (const { recipient } of addresses) {
    const { rows } = await sql<{ held: boolean }>`
      select pg_try_advisory_xact_lock(hashtext(${`digest:${recipient}`})) as held`.execute(trx);
    if (!rows[0]?.held) continue;
    // Read under the lock: another process may have sent them since the addresses were read.
    const mails = await due
      .selectAll()
      .where('recipient', '=', recipient)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (mails.length > 0) return { recipient, mails };
  }
  return undefined;
}

/** One mail of an address's digest mails, oldest first, each as its section, and the link once. */
function digestOf(mails: readonly { subject: string; body: string }[], publicUrl: string) {
  const subject =
    mails.length === 1
      ? (mails[0] as { subject: string }).subject
      : `${mails.length} alerts fired or resolved`;
  const sections = mails.map((mail) => `${mail.subject}\n${mail.body}`);
  const text = [
    `What the alerts did since the last mail, oldest first:`,
    ...sections,
    `See them, acknowledge them or snooze them: ${alertsPage(publicUrl)}`,
  ].join('\n\n');
  return { subject, text };
}
