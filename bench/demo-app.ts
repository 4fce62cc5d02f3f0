import { type Browser, chromium } from 'playwright-core';
import type { Database } from '../server/db/database.ts';
import { openTestDatabase } from '../server/db/test-database.ts';
import { demoOrganisationId, seedDemo } from '../server/demo/seed.ts';
import { seedDemoPortfolio } from '../server/demo/seed-portfolio.ts';
import { chromiumLaunchOptions } from '../server/reports/chromium.ts';
import { buildFrontend, type RunningApp, startApp } from './explorer/app-server.ts';

/** What a browser bench works against: Chromium, and the production build on the real server over the demo data. */
export interface DemoBench {
  browser: Browser;
  app: RunningApp;
  demo: { email: string; password: string };
  /** The app's database, for a bench that drives a background task itself (bench:pdf's renderer). */
  db: Database;
}

/**
 * Builds the front end, seeds the demo organisation with `days` of readings
 * on an in-memory database, serves both with the real server, launches
 * Chromium, runs `work`, and takes it all down again, whatever `work` does.
 */
export async function withDemoApp<T>(days: number, work: (bench: DemoBench) => Promise<T>): Promise<T> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const frontend = await buildFrontend();
  const database = await openTestDatabase('pglite');
  try {
    const demo = await seedDemo(database.db);
    const organisationId = await demoOrganisationId(database.db);
    if (!demo || organisationId === undefined) throw new Error('the bench database was not empty');
    await seedDemoPortfolio(database.db, { organisationId, days });
    const app = await startApp(database.db, frontend.outDir);
    try {
      return await work({ browser, app, demo, db: database.db });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    frontend.remove();
    await browser.close();
  }
}
