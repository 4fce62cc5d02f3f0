import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { type DatabaseLocation, openDatabase } from '../db/database';
import { describeEachEngine, testDatabaseUrl } from '../db/test-database';
import { INTERRUPTED_AFTER_MS, markInterruptedImports } from './run-import';

const CHILD = new URL('./kill-during-import.child.ts', import.meta.url).pathname;

/** Starts the child, resolves with its "mid-import" line, then kills it with SIGKILL. */
function killMidImport(
  location: string,
  started: ChildProcess[],
): Promise<{ importId: number; organisationId: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, location], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
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

interface Location {
  /** How the child is told where its database is. */
  child: string;
  open: DatabaseLocation;
  /** Deletes the database: the PGlite folder, or the PostgreSQL schema. */
  remove(): Promise<void>;
}

/** Where the child's database lives: a PGlite folder, or a fresh schema of the test PostgreSQL server. */
async function freshLocation(engine: 'pglite' | 'postgres'): Promise<Location> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'insights-kill-'));
    return { child: dataDir, open: { dataDir }, remove: async () => rmSync(dataDir, { recursive: true }) };
  }
  const base = testDatabaseUrl();
  const schema = `kill_${process.pid}_${Date.now()}`;
  await asAdmin(base, `create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    child: url.toString(),
    open: { url: url.toString() },
    remove: () => asAdmin(base, `drop schema if exists ${schema} cascade`),
  };
}

async function asAdmin(url: string, statement: string): Promise<void> {
  const admin = await openDatabase({ url });
  try {
    await sql.raw(statement).execute(admin.db);
  } finally {
    await admin.close();
  }
}

describeEachEngine('an import killed mid-way on %s', (engine) => {
  const started: ChildProcess[] = [];
  const made: Location[] = [];
  // Whatever the test's outcome: a child still importing holds locks the schema's drop would wait on.
  afterAll(async () => {
    for (const child of started) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    for (const location of made) await location.remove();
  });

  it('leaves no partial import after a restart', { timeout: 120_000 }, async () => {
    const location = await freshLocation(engine);
    made.push(location);
    const { importId, organisationId } = await killMidImport(location.child, started);
    const database = await openDatabase(location.open);
    try {
      // Just killed, its heartbeat is fresh: another process may be at work on it, so it is left running.
      expect(await markInterruptedImports(database.db)).toBe(0);
      // Once it has been silent long enough, the interrupted-imports job marks it.
      const later = new Date(Date.now() + INTERRUPTED_AFTER_MS + 1_000);
      expect(await markInterruptedImports(database.db, later)).toBe(1);
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
