import { sql } from 'kysely';
import type { DatabaseHandle } from './database';

/** Any numbers, the same in every process: what one process at a time does, keyed as an advisory lock. */
export const LEADS = {
  /** Holding the MQTT session that takes the readings (integrations/mqtt/leading-subscriber.ts). */
  mqttSession: 7_301_101,
} as const;

export interface LeadOptions {
  /** This process has become the one: start what it does. */
  lead(): void | Promise<void>;
  /** The lead is gone (stopped, or its connection lost): stop it, before another process starts it. */
  resign(): Promise<void>;
  log(line: string): void;
  /** How often a process that does not lead asks again, and the one that leads checks its connection. */
  checkMs?: number;
}

export interface Lead {
  /** Resigns if it leads, and asks no more. */
  stop(): Promise<void>;
}

const CHECK_MS = 2_000;

/**
 * One process at a time does something, whichever processes run. On
 * PostgreSQL the one that holds a session advisory lock leads, on a
 * connection it keeps for this: a process killed, or cut off from the
 * database, loses the lock with its connection, and another process takes
 * it within `checkMs`. The leader checks its connection as often, and
 * resigns when it has lost it; the next one leads two checks after taking
 * the lock, so that two do not lead at once.
 * PGlite is one process's, which always leads.
 */
export function holdLead(database: DatabaseHandle, key: number, options: LeadOptions): Lead {
  const stopping = new AbortController();
  const held =
    database.engine === 'pglite'
      ? leadAlone(stopping.signal, options)
      : contend(database, key, stopping.signal, options);
  return {
    async stop() {
      stopping.abort();
      await held;
    },
  };
}

async function leadAlone(stopped: AbortSignal, options: LeadOptions): Promise<void> {
  await options.lead();
  await pause(Number.POSITIVE_INFINITY, stopped);
  await options.resign();
}

async function contend(database: DatabaseHandle, key: number, stopped: AbortSignal, options: LeadOptions) {
  const checkMs = options.checkMs ?? CHECK_MS;
  let lastError = '';
  while (!stopped.aborted) {
    try {
      let leads = false;
      await database.db.connection().execute(async (connection) => {
        const { rows } = await sql<{ held: boolean }>`select pg_try_advisory_lock(${key}) as held`.execute(
          connection,
        );
        if (!rows[0]?.held) return;
        try {
          // A leader cut off from the database still leads until its next check: the lock is taken over
          // at once, the lead only after its checks have had time to make it resign.
          await pause(checkMs * 2, stopped);
          if (stopped.aborted) return;
          await sql`select 1`.execute(connection);
          leads = true;
          await options.lead();
          while (!stopped.aborted) {
            await pause(checkMs, stopped);
            if (!stopped.aborted) await sql`select 1`.execute(connection);
          }
        } finally {
          if (leads) await options.resign();
          // Ended with its connection, or given back here for the next process.
          await sql`select pg_advisory_unlock(${key})`.execute(connection).catch(() => {});
        }
      });
      lastError = '';
    } catch (error) {
      const message = (error as Error).message;
      // Said once while the database stays away, not every few seconds.
      if (message !== lastError) options.log(`lead ${key}: ${message}; asking again`);
      lastError = message;
    }
    await pause(checkMs, stopped);
  }
}

/** Waits `ms`, or less if stopped meanwhile. */
function pause(ms: number, stopped: AbortSignal): Promise<void> {
  if (stopped.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
    function done() {
      clearTimeout(timer);
      stopped.removeEventListener('abort', done);
      resolve();
    }
    stopped.addEventListener('abort', done);
  });
}
