import { CompiledQuery } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/database';

const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * pg-boss's queries go through the product's own database handle, so the
 * job runner works alike on PostgreSQL and on embedded PGlite: one session
 * that the handle lends to one caller at a time (db/pglite-pool.ts), where a
 * connection string of pg-boss's own could not reach it. A query without
 * parameters runs as the simple protocol, so pg-boss's scripts of several
 * statements (its schema, its locked sections) run whole.
 */
export function bossDatabase(db: Database): PgBoss.Db & { settled(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  return {
    executeSql(text, values = []) {
      const query = db.connection().execute(async (connection) => {
        try {
          const result = await connection.executeQuery(CompiledQuery.raw(text, values));
          return { rows: result.rows as unknown[] };
        } catch (error) {
          // A script that failed inside its BEGIN leaves the session in an aborted transaction: PGlite's
          // only session, or a pooled connection the next caller gets. Rolled back here, on the same one.
          await connection.executeQuery(ROLLBACK).catch(() => undefined);
          throw error;
        }
      });
      running.add(query);
      void query.finally(() => running.delete(query)).catch(() => undefined);
      return query;
    },
    /**
     * Waits for the queries on their way to end. pg-boss marks a finished run
     * complete without waiting for it (manager.js), so its stop can resolve
     * with that query still on its way: whoever stops the runner and then
     * closes the database (or drops the schema) waits here first.
     */
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
