import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { type DatabaseLocation, openDatabase } from '../db/database';
import { describeEachEngine, testDatabaseUrl } from '../db/test-database';
import { markInterruptedImports } from './run-import';

const CHILD = new URL('./kill-during-import.child.ts', import.meta.url).pathname;

/** Starts the child, resolves with its "mid-import" line, then kills it with SIGKILL. */
function killMidImport(location: string): Promise<{ importId: number; organisationId: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, location], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /mid-import (\d+) (\d+)/.exec(chunk.toString());
      if (!match) return;
      child.kill('SIGKILL');
      child.once('exit', () => resolve({ importId: Number(match[1]), organisationId: Number(match[2]) }));
    });
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the import process ended by itself (${code}): ${errors}`));
    });
  });
}

/** Where the child's database lives: a PGlite folder, or a fresh schema of the test PostgreSQL server. */
async function freshLocation(
  engine: 'pglite' | 'postgres',
): Promise<{ child: string; open: DatabaseLocation }> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'insights-kill-'));
    return { child: dataDir, open: { dataDir } };
  }
  const base = testDatabaseUrl();
  const schema = `kill_${process.pid}_${Date.now()}`;
  const admin = await openDatabase({ url: base });
  await sql.raw(`create schema ${schema}`).execute(admin.db);
  await admin.close();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { child: url.toString(), open: { url: url.toString() } };
}

describeEachEngine('an import killed mid-way on %s', (engine) => {
  it('leaves no partial import after a restart', { timeout: 120_000 }, async () => {
    const location = await freshLocation(engine);
    const { importId, organisationId } = await killMidImport(location.child);
    const database = await openDatabase(location.open);
    try {
      expect(await markInterruptedImports(database.db)).toBe(1);
      const stored = await sql<{ count: number }>`
        select count(*)::int as count from readings r join data_points p on p.id = r.data_point_id
        where p.organisation_id = ${organisationId}`.execute(database.db);
      expect(stored.rows[0]?.count).toBe(0);
      const rollups = await sql<{ count: number }>`select count(*)::int as count from readings_daily`.execute(
        database.db,
      );
      expect(rollups.rows[0]?.count).toBe(0);
      const record = await database.db
        .selectFrom('data_imports')
        .select(['status', 'message'])
        .where('id', '=', importId)
        .executeTakeFirstOrThrow();
      expect(record).toEqual({
        status: 'interrupted',
        message: 'The server stopped during this import, so nothing from it was stored. Start it again.',
      });
    } finally {
      await database.close();
    }
  });
});
