import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from './database';
import { migrate } from './migrate';

/**
 * The databases server tests run against: embedded PGlite always, and the
 * PostgreSQL named by TEST_DATABASE_URL when it is set (.ci/run sets it).
 */
export const testEngines: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A migrated, empty database. On PostgreSQL each call gets a schema of its
 * own, so test files running side by side never see each other's rows.
 */
export async function openTestDatabase(engine: 'pglite' | 'postgres'): Promise<DatabaseHandle> {
  if (engine === 'pglite') {
    const handle = await openDatabase({ memory: true });
    await migrate(handle.db);
    return handle;
  }
  const schema = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const base = process.env.TEST_DATABASE_URL as string;
  const admin = await openDatabase({ url: base });
  await sql.raw(`create schema ${schema}`).execute(admin.db);
  await admin.close();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const handle = await openDatabase({ url: url.toString() });
  await migrate(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = await openDatabase({ url: base });
      await sql.raw(`drop schema ${schema} cascade`).execute(cleanup.db);
      await cleanup.close();
    },
  };
}
