import { sql } from 'kysely';
import type { Database } from '../db/database';
import { retryAt } from './deliveries';

/** What a flow's MQTT messages go out by; app.ts hands over the broker's publisher. */
export type PublishToBroker = (namespace: string, topic: string, payload: string) => Promise<void>;

const PER_BATCH = 50;
/** After this many failed tries a message stays unsent, with its error. */
const MAX_ATTEMPTS = 8;
/** How long a process holds the messages it took: one that stopped halfway leaves the rest to another then. */
const CLAIM_SECONDS = 120;
/** A broker that takes longer than this over one message has failed this try. */
const PUBLISH_TIMEOUT_MS = 10_000;

/**
 * Sends the flows' queued MQTT messages, oldest first. A batch is claimed
 * in a short transaction (FOR UPDATE SKIP LOCKED, then held for
 * CLAIM_SECONDS), published outside it, and each message marked sent or
 * failed as it goes: a slow or gone broker never holds the database. A
 * crash between a publish and its mark sends that message again once the
 * claim runs out: at least once, as QoS 1 is. A failure is tried again
 * later, each wait twice the one before. Without a broker nothing is sent
 * (the builder refuses publish actions then).
 */
export async function deliverPublishesDue(
  db: Database,
  publish: PublishToBroker | undefined,
  signal: AbortSignal,
): Promise<number> {
  if (!publish) return 0;
  let sent = 0;
  for (;;) {
    const claimed = await claimDue(db);
    for (const row of claimed) {
      if (signal.aborted) return sent;
      try {
        await withTimeout(publish(row.namespace, row.topic, row.payload), PUBLISH_TIMEOUT_MS);
        await db
          .updateTable('flow_publishes')
          .set({ sent_at: new Date(), error: null })
          .where('organisation_id', '=', row.organisation_id)
          .where('id', '=', row.id)
          .execute();
        sent++;
      } catch (error) {
        await db
          .updateTable('flow_publishes')
          .set({
            attempts: row.attempts + 1,
            next_at: retryAt(new Date(), row.attempts),
            error: (error as Error).message,
          })
          .where('organisation_id', '=', row.organisation_id)
          .where('id', '=', row.id)
          .execute();
      }
    }
    if (claimed.length < PER_BATCH) return sent;
  }
}

/** Up to PER_BATCH due messages, oldest first, held for CLAIM_SECONDS so no other process sends them meanwhile. */
async function claimDue(db: Database) {
  const { rows } = await sql<{
    organisation_id: number;
    id: number;
    topic: string;
    payload: string;
    attempts: number;
    namespace: string;
  }>`
    update flow_publishes as f
    set next_at = now() + make_interval(secs => ${CLAIM_SECONDS})
    from organisations as o
    where o.id = f.organisation_id
      and (f.organisation_id, f.id) in (select organisation_id, id from flow_publishes
                   where sent_at is null and next_at <= now() and attempts < ${MAX_ATTEMPTS}
                   order by id
                   limit ${PER_BATCH}
                   for update skip locked)
    returning f.organisation_id, f.id, f.topic, f.payload, f.attempts, o.mqtt_namespace as namespace
  `.execute(db);
  return rows.sort((a, b) => a.id - b.id);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the MQTT broker did not take the message within ${ms / 1000} s`)),
      ms,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
