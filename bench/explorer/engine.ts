import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL when TEST_DATABASE_URL names one (BENCH_ENGINE picks one of them). */
export function benchEngines(): { engines: Engine[]; note?: string } {
  const only = process.env.BENCH_ENGINE as Engine | undefined;
  if (only) return { engines: [only] };
  if (process.env.TEST_DATABASE_URL) return { engines: ['pglite', 'postgres'] };
  return { engines: ['pglite'], note: 'PostgreSQL skipped: TEST_DATABASE_URL is not set' };
}

/**
 * A migrated, empty database. PGlite on disk, not in memory: fourteen million
 * readings would not fit in its memory. PostgreSQL in a schema of its own,
 * dropped on close.
 */
export async function openEngine(engine: Engine): Promise<DatabaseHandle> {
  if (engine === 'postgres') return openTestDatabase('postgres');
  const dataDir = mkdtempSync(join(tmpdir(), 'insights-bench-explorer-db-'));
  const handle = await openDatabase({ dataDir });
  await migrate(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * After the bulk load, the state a store filled over two years is in. On
 * PostgreSQL autovacuum would have vacuumed and analysed the tables; doing it
 * now also keeps it from starting in the middle of the measurements. PGlite
 * has no autovacuum and the product runs none, so its tables stay as loaded.
 */
export async function settleAfterLoad(handle: DatabaseHandle): Promise<void> {
  if (handle.engine !== 'postgres') return;
  await sql`vacuum analyze readings, readings_hours, readings_daily`.execute(handle.db);
}
