import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database';
import { openTestDatabase } from '../../server/db/test-database';
import { demoOrganisationId, seedDemo } from '../../server/demo/seed';
import { seedDemoPortfolio } from '../../server/demo/seed-portfolio';
import { chromiumLaunchOptions } from './chromium';
import {
  type EndpointBreaker,
  endpointsBrokenByEnvironment,
  installEndpointBreaker,
} from './endpoint-breaker';
import { watchBrowser } from './page-watch';
import { serveApp } from './serve-app';

/**
 * The production build served by the real server on a free port, its
 * database, and a Chromium to drive it, whose every context page-watch.ts
 * watches for failures. Endpoints can be broken on purpose (endpoint-breaker.ts);
 * E2E_BREAK_ENDPOINT breaks them from the start.
 */
export interface AppUnderTest extends EndpointBreaker {
  baseUrl: string;
  /** The folder the production build was written to. */
  outDir: string;
  database: DatabaseHandle;
  browser: Browser;
  close(): Promise<void>;
}

export async function startApp(): Promise<AppUnderTest> {
  // Built once for the whole e2e project (build-frontend.ts).
  const served = await serveApp(inject('frontendDir'), await openTestDatabase('pglite'), (app) =>
    installEndpointBreaker(app, endpointsBrokenByEnvironment()),
  );
  const browser = await chromium.launch(chromiumLaunchOptions());
  watchBrowser(browser, served.baseUrl);
  return {
    baseUrl: served.baseUrl,
    outDir: served.outDir,
    database: served.database,
    browser,
    ...served.prepared,
    async close() {
      await browser.close();
      await served.close();
    },
  };
}

/**
 * The app with its demo organisation and user made, as a fresh install has
 * them, and the demo sites and data points with two weeks of readings (a
 * fresh install seeds two years, in the background).
 */
export async function startAppWithDemo(): Promise<{
  app: AppUnderTest;
  demo: { email: string; password: string };
}> {
  const app = await startApp();
  const demo = await seedDemo(app.database.db);
  if (!demo) throw new Error('the e2e database was not empty');
  const organisationId = await demoOrganisationId(app.database.db);
  if (organisationId === undefined) throw new Error('the demo user has no organisation');
  await seedDemoPortfolio(app.database.db, { organisationId, days: 14 });
  return { app, demo };
}
