import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { type CopyStreamQuery, from as copyFrom } from 'pg-copy-streams';
import { copyStatement, StreamedRows } from './copy-data';

/**
 * node-postgres's pool for Kysely, with COPY FROM STDIN added (see copy.ts):
 * a statement of that shape streams its one parameter through pg-copy-streams
 * on the same client, so it takes part in the caller's transaction.
 */
export function pgCopyPool(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      // A connection the server ends between a transaction's statements (a restart, a failover) is told here;
      // the next statement on it fails, and the caller answers that. Unheard, it would end the process.
      client.on('error', ignoreEndedConnection);
      const query = client.query.bind(client) as PostgresPoolClient['query'];
      return {
        release: () => {
          client.off('error', ignoreEndedConnection);
          client.release();
        },
        query: (async (statement: string, parameters: readonly unknown[]) => {
          const copy = copyStatement(statement, parameters ?? []);
          if (!copy) return query(statement, parameters);
          const stream = client.query(pipelined(copyFrom(copy)));
          await new Promise<void>((resolve, reject) => {
            stream.on('finish', resolve);
            stream.on('error', reject);
            const data = parameters[0];
            if (!(data instanceof StreamedRows)) {
              stream.end(data as Uint8Array);
              return;
            }
            // Each piece goes out as it is written, while the server loads the ones before it.
            try {
              data.sendTo((piece) => stream.write(piece));
              stream.end();
            } catch (error) {
              stream.destroy(error as Error); // CopyFail: the server abandons the COPY and reports it
            }
          });
          return { command: 'COPY', rowCount: stream.rowCount, rows: [] };
        }) as PostgresPoolClient['query'],
      };
    },
    end: () => pool.end(),
  };
}

function ignoreEndedConnection(): void {}

/**
 * Sends a COPY's data right behind its statement instead of a round trip later.
 * pg-copy-streams holds the data until the server's CopyInResponse has been read,
 * and that waits for the event loop: while the caller computes (writeReadings sums
 * its rollups during the COPY), the database sits idle with nothing to load.
 * The protocol allows sending early: if the statement fails before copying, the
 * server drops the CopyData and CopyDone that follow, and the error is reported as usual.
 */
function pipelined(stream: CopyStreamQuery): CopyStreamQuery {
  const early = stream as CopyStreamQuery & { handleCopyInResponse(connection: pg.Connection): void };
  const submit = early.submit.bind(early);
  early.submit = (connection) => {
    submit(connection);
    early.handleCopyInResponse(connection);
  };
  return early;
}
