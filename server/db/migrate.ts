import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from './database';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url).pathname;
/** Any number, the same for every process: two servers starting together take turns. */
const MIGRATION_LOCK = 7_301_001;

/**
 * Applies server/db/migrations/*.sql in name order, each in its own
 * transaction, recording what ran. The same SQL serves PostgreSQL 15 and
 * PGlite. Returns the names applied now. `through` stops after the named
 * migration: for tests of how a later one carries existing data over.
 */
export async function migrate(db: Database, { through }: { through?: string } = {}): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql') && (through === undefined || file <= through))
    .sort();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      await sql`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`.execute(connection);
      const done = new Set(
        (await sql<{ name: string }>`select name from schema_migrations`.execute(connection)).rows.map(
          (row) => row.name,
        ),
      );
      const applied: string[] = [];
      for (const file of files.filter((name) => !done.has(name))) {
        await connection.transaction().execute(async (transaction) => {
          await sql.raw(readFileSync(join(MIGRATIONS_DIR, file), 'utf8')).execute(transaction);
          await sql`insert into schema_migrations (name) values (${file})`.execute(transaction);
        });
        applied.push(file);
      }
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}
