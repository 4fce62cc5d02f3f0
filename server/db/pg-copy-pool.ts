import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyStatement } from './copy';

/**
 * node-postgres's pool for Kysely, with COPY FROM STDIN added (see copy.ts):
 * a statement of that shape streams its one parameter through pg-copy-streams
 * on the same client, so it takes part in the caller's transaction.
 */
export function pgCopyPool(pool: pg.Pool): PostgresPool {
  return {
    options: pool.options,
    async connect() {
      const client = await pool.connect();
      const query = client.query.bind(client) as PostgresPoolClient['query'];
      return {
        release: () => client.release(),
        query: (async (statement: string, parameters: readonly unknown[]) => {
          const copy = copyStatement(statement, parameters ?? []);
          if (!copy) return query(statement, parameters);
          const stream = client.query(copyFrom(copy));
          await new Promise<void>((resolve, reject) => {
            stream.on('finish', resolve);
            stream.on('error', reject);
            stream.end(parameters[0] as Uint8Array);
          });
          return { command: 'COPY', rowCount: stream.rowCount, rows: [] };
        }) as PostgresPoolClient['query'],
      };
    },
    end: () => pool.end(),
  };
}
