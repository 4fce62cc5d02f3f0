import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openTestDatabase } from '../../server/db/test-database';
import { demoOrganisationId, seedDemo } from '../../server/demo/seed';
import { seedDemoPortfolio } from '../../server/demo/seed-portfolio';

/** The days of demo readings the e2e database holds: a fresh install seeds two years, in the background. */
const DEMO_DAYS = 35;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded demo database as a PGlite data directory dump, and the demo user's sign-in. */
    demoDatabase: { dumpFile: string; email: string; password: string };
  }
}

/**
 * The e2e project's global set-up: the demo organisation, its user, sites,
 * data points and five weeks of readings (enough for a forecast to learn from), seeded once for the run and dumped.
 * Each e2e file starts its own database from the dump (about 1 s), where
 * seeding it afresh cost each file about 5 s of CPU.
 */
export default async function seedDemoOnce(project: TestProject): Promise<() => void> {
  const database = await openTestDatabase('pglite');
  try {
    const demo = await seedDemo(database.db);
    if (!demo) throw new Error('the e2e database was not empty');
    const organisationId = await demoOrganisationId(database.db);
    if (organisationId === undefined) throw new Error('the demo user has no organisation');
    await seedDemoPortfolio(database.db, { organisationId, days: DEMO_DAYS });
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('the e2e database is PGlite, which can dump its data directory');
    const dir = mkdtempSync(join(tmpdir(), 'insights-e2e-demo-'));
    const dumpFile = join(dir, 'demo.tar');
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    project.provide('demoDatabase', { dumpFile, ...demo });
    return () => rmSync(dir, { recursive: true, force: true });
  } finally {
    await database.close();
  }
}
