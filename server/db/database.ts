import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pgCopyPool } from './pg-copy-pool';
import { pglitePool } from './pglite-pool';
import type { Tables } from './tables';

export type Database = Kysely<Tables>;

/**
 * Which database a handle or a transaction goes to: each Kysely makes its
 * own dialect adapter, and the transactions it opens share it. Several
 * apps in one process (a test, a bench) each have a database of their own,
 * whose ids run alike, so what is told of a write names its database.
 */
export function databaseIdentity(db: Database): object {
  return db.getExecutor().adapter;
}

export interface DatabaseHandle {
  db: Database;
  /** "postgres" when DATABASE_URL names a server, "pglite" for the embedded default. */
  engine: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start another database from. */
  dumpDataDir?: () => Promise<Blob>;
}

export type DatabaseLocation =
  | { url: string }
  | { dataDir: string }
  /** In memory, empty or started from a data directory dumped earlier (see dumpDataDir). */
  | { memory: true; from?: Blob };

/**
 * An in-memory database's pages already live in memory, so PostgreSQL's own
 * 128 MB page cache is a second copy, and PGlite zeroes all of it at start:
 * 0.8 of the 1.4 CPU-seconds an in-memory database took to open, paid by
 * every test file. A quarter of it holds any test's working set (the tests
 * that roll up and rank a year of readings ran no slower).
 */
const IN_MEMORY_SETTINGS = ['shared_buffers = 32MB'];

/** PostgreSQL when a URL is given; otherwise PGlite, on disk in dataDir (or in memory, for tests). */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if ('url' in location) {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // An idle connection the server ended (a restart, a failover) is dropped by the pool, which opens another when
    // next asked; queries running on one fail by themselves. Unheard, the pool's 'error' would end the process.
    pool.on('error', () => {});
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: pgCopyPool(pool) }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  if ('dataDir' in location) mkdirSync(location.dataDir, { recursive: true });
  const pglite =
    'dataDir' in location
      ? await PGlite.create(location.dataDir)
      : await PGlite.create({ postgresqlconf: IN_MEMORY_SETTINGS, loadDataDir: location.from });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
  return {
    db,
    engine: 'pglite',
    dumpDataDir: () => pglite.dumpDataDir('none'),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
