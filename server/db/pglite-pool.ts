import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { copyStatement, StreamedRows } from './copy-data';

/**
 * Kysely's PostgreSQL driver over an embedded PGlite. PGlite is one session,
 * so the "pool" hands it to one caller at a time: a transaction holds it
 * from BEGIN to COMMIT and nobody else's statements land inside it.
 */
export function pglitePool(pglite: PGlite): PostgresPool {
  let queue: Promise<void> = Promise.resolve();

  const client = {
    async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
      // Without parameters, use the simple protocol as node-postgres does, so a migration file's many statements run.
      const copy = copyStatement(sql, parameters);
      if (copy) {
        // PGlite reads COPY data from one blob, so rows written during the COPY are gathered first.
        const rows = parameters[0];
        const data = new Blob([
          (rows instanceof StreamedRows ? rows.whole() : rows) as Uint8Array<ArrayBuffer>,
        ]);
        const copied = await pglite.query(copy.replace(' from stdin ', " from '/dev/blob' "), [], {
          blob: data,
        });
        return { command: 'SELECT', rowCount: copied.affectedRows ?? 0, rows: [] };
      }
      const result =
        parameters.length === 0
          ? ((await pglite.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0 })
          : await pglite.query<R>(sql, parameters as unknown[]);
      return { command: commandOf(sql), rowCount: result.affectedRows ?? 0, rows: result.rows as R[] };
    },
  } as unknown as Omit<PostgresPoolClient, 'release'>;

  return {
    async connect() {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => {
        release = resolve;
      });
      const previous = queue;
      queue = previous.then(() => turn);
      await previous;
      return { ...client, release };
    },
    async end() {
      await queue;
    },
  };
}

function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  const word = sql.trimStart().split(/\s/, 1)[0]?.toUpperCase();
  return (
    ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(word ?? '') ? word : 'SELECT'
  ) as PostgresQueryResult<unknown>['command'];
}
