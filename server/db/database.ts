import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pgCopyPool } from './pg-copy-pool';
import { pglitePool } from './pglite-pool';
import type { Tables } from './tables';

export type Database = Kysely<Tables>;

export interface DatabaseHandle {
  db: Database;
  /** "postgres" when DATABASE_URL names a server, "pglite" for the embedded default. */
  engine: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export type DatabaseLocation = { url: string } | { dataDir: string } | { memory: true };

/** PostgreSQL when a URL is given; otherwise PGlite, on disk in dataDir (or in memory, for tests). */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if ('url' in location) {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: pgCopyPool(pool) }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  if ('dataDir' in location) mkdirSync(location.dataDir, { recursive: true });
  const pglite = await PGlite.create('dataDir' in location ? location.dataDir : undefined);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
  return {
    db,
    engine: 'pglite',
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
