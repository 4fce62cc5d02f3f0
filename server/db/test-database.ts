import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe } from 'vitest';
import { describeWithService, serviceUrl } from '../test-services.test-helper';
import { type DatabaseHandle, openDatabase } from './database';
import { migrate } from './migrate';

export type TestEngine = 'pglite' | 'postgres';

/**
 * A suite once for each database server tests run against: embedded PGlite
 * always, and the PostgreSQL named by TEST_DATABASE_URL (.ci/run sets it),
 * skipped visibly without it, or failing under CI. `%s` in the title names the engine.
 */
export function describeEachEngine(title: string, suite: (engine: TestEngine) => void): void {
  describe(title.replace('%s', 'pglite'), () => suite('pglite'));
  describeWithService('TEST_DATABASE_URL', title.replace('%s', 'postgres'), () => suite('postgres'));
}

/** The test PostgreSQL server's address, for suites describeEachEngine runs on it. */
export function testDatabaseUrl(): string {
  return serviceUrl('TEST_DATABASE_URL');
}

/**
 * A migrated, empty database. On PostgreSQL each call gets a schema of its
 * own, so test files running side by side never see each other's rows.
 * `through` migrates only as far as the named migration.
 */
export async function openTestDatabase(
  engine: TestEngine,
  { through }: { through?: string } = {},
): Promise<DatabaseHandle> {
  if (engine === 'pglite' && through !== undefined) {
    const handle = await openDatabase({ memory: true });
    await migrate(handle.db, { through });
    return handle;
  }
  if (engine === 'pglite') return openDatabase({ memory: true, from: await migratedPglite() });
  const schema = await createTestSchema();
  const handle = await openDatabase({ url: schema.url });
  await migrate(handle.db, { through });
  return {
    ...handle,
    async close() {
      await handle.close();
      await schema.drop();
    },
  };
}

/** A test's own place on the test PostgreSQL server, and the address that reaches it. */
export interface TestPlace {
  url: string;
  drop(): Promise<void>;
}

/**
 * An empty schema of its own on the test PostgreSQL server, and the address
 * that reaches it (its search path set): what several connections, or
 * several server processes, of one test share.
 */
export async function createTestSchema(): Promise<TestPlace> {
  const schema = uniqueName('test');
  await onTestServer(`create schema ${schema}`);
  const url = new URL(testDatabaseUrl());
  url.searchParams.set('options', `-c search_path=${schema}`);
  // Names its connections, so a test can end this schema's alone, as a restart of the server would.
  url.searchParams.set('application_name', schema);
  return { url: url.toString(), drop: () => onTestServer(`drop schema ${schema} cascade`) };
}

/**
 * An empty database of its own on the test PostgreSQL server, and its
 * address: for tests of whole server processes, which make their own
 * schemas (the job runner's, beside the product's) as in production.
 */
export async function createTestDatabaseOnServer(): Promise<TestPlace> {
  const name = uniqueName('insights_test');
  await onTestServer(`create database ${name}`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onTestServer(`drop database if exists ${name} with (force)`) };
}

/** A name no other test file, worker or run has: a schema's or a database's, written into SQL as it is. */
function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
}

/** One statement on the test server's own database, on a connection of its own. */
async function onTestServer(statement: string): Promise<void> {
  const admin = await openDatabase({ url: testDatabaseUrl() });
  try {
    await sql.raw(statement).execute(admin.db);
  } finally {
    await admin.close();
  }
}

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url).pathname;
const SNAPSHOT_DIR = new URL('../../node_modules/.cache/insights/', import.meta.url).pathname;
let snapshot: Promise<Blob> | undefined;

/**
 * A freshly migrated PGlite data directory. PGlite runs initdb for every new
 * database, seconds each on this machine kind; loading a dump takes a fraction
 * of that. The dump is made by running the migrations on PGlite, once per set
 * of migrations and PGlite version, and kept on disk for the other test workers.
 */
function migratedPglite(): Promise<Blob> {
  snapshot ??= (async () => {
    const path = join(SNAPSHOT_DIR, `pglite-${snapshotKey()}.tar`);
    try {
      return new Blob([readFileSync(path)]);
    } catch {
      const handle = await openDatabase({ memory: true });
      await migrate(handle.db);
      await withoutTemplateDatabases(handle);
      const dump = (await handle.dumpDataDir?.()) as Blob;
      await handle.close();
      mkdirSync(SNAPSHOT_DIR, { recursive: true });
      // Written aside, then renamed: a worker reading it never sees half a file.
      const partial = `${path}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, path);
      return dump;
    }
  })();
  return snapshot;
}

/**
 * Drops template0 and template1, a third of the dump: every test database
 * starts from this dump and never creates a database, so the two templates
 * were 15 MB read and unpacked per open for nothing.
 */
async function withoutTemplateDatabases(handle: DatabaseHandle): Promise<void> {
  await sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`.execute(
    handle.db,
  );
  await sql`drop database template0`.execute(handle.db);
  await sql`drop database template1`.execute(handle.db);
  await sql`checkpoint`.execute(handle.db);
}

/** Bumped when the way the dump is made changes, so a dump made the old way is not loaded. */
const SNAPSHOT_FORMAT = 'without-templates';

/** Changes with any migration's text, the PGlite version or the dump's format, so a stale dump is never loaded. */
function snapshotKey(): string {
  const hash = createHash('sha256');
  hash.update(SNAPSHOT_FORMAT);
  hash.update(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file);
    hash.update(readFileSync(join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}
