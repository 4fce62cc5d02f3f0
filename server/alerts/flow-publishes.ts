import { sql } from 'kysely';
import type { Database } from '../db/database';
import { retryAt } from './deliveries';

/** What a flow's MQTT messages go out by; app.ts hands over the broker's publisher. */
export type PublishToBroker = (namespace: string, topic: string, payload: string) => Promise<void>;

const PER_BATCH = 50;
/** After this many failed tries a message stays unsent, with its error. */
const MAX_ATTEMPTS = 8;

/**
 * Sends the flows' queued MQTT messages, oldest first, each taken with FOR
 * UPDATE SKIP LOCKED and marked sent in the same transaction as it is
 * published: a crash before the commit sends it again, as QoS 1 may anyway.
 * A failure is tried again later, each wait twice the one before.
 * Without a broker nothing is sent (the builder refuses publish actions then).
 */
export async function deliverPublishesDue(
  db: Database,
  publish: PublishToBroker | undefined,
  signal: AbortSignal,
): Promise<number> {
  if (!publish) return 0;
  let sent = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{
        id: number;
        topic: string;
        payload: string;
        attempts: number;
        namespace: string;
      }>`
        select f.id, f.topic, f.payload, f.attempts, o.mqtt_namespace as namespace
        from flow_publishes as f
        join organisations as o on o.id = f.organisation_id
        where f.sent_at is null and f.next_at <= now() and f.attempts < ${MAX_ATTEMPTS}
        order by f.id
        limit ${PER_BATCH}
        for update of f skip locked
      `.execute(trx);
      let done = 0;
      for (const row of rows) {
        if (signal.aborted) throw new Error('stopped');
        try {
          await publish(row.namespace, row.topic, row.payload);
          await trx
            .updateTable('flow_publishes')
            .set({ sent_at: new Date(), error: null })
            .where('id', '=', row.id)
            .execute();
          done++;
        } catch (error) {
          await trx
            .updateTable('flow_publishes')
            .set({
              attempts: row.attempts + 1,
              next_at: retryAt(new Date(), row.attempts),
              error: (error as Error).message,
            })
            .where('id', '=', row.id)
            .execute();
        }
      }
      return { taken: rows.length, done };
    });
    sent += batch.done;
    if (batch.taken < PER_BATCH) return sent;
  }
}
