import { readFileSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/database';
import { openTestDatabase } from '../../server/db/test-database';
import { chromiumLaunchOptions } from '../../server/reports/chromium';
import { type EndpointBreaker, endpointBreaker, endpointsBrokenByEnvironment } from './endpoint-breaker';
import { lessMotionByDefault } from './less-motion';
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
  /** The server stopped and started again on its port and database (serve-app.ts); the browser stays. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export function startApp(): Promise<AppUnderTest> {
  return startAppOn(openTestDatabase('pglite'));
}

async function startAppOn(opening: Promise<DatabaseHandle>): Promise<AppUnderTest> {
  const launching = chromium.launch(chromiumLaunchOptions());
  const database = await opening.catch(async (error: unknown) => {
    await (await launching).close();
    throw error;
  });
  const browser = await launching;
  // Built once for the whole e2e project (build-frontend.ts).
  const breaker = endpointBreaker(endpointsBrokenByEnvironment());
  const served = await serveApp(inject('frontendDir'), database, breaker.install);
  lessMotionByDefault(browser);
  watchBrowser(browser, served.baseUrl);
  return {
    baseUrl: served.baseUrl,
    outDir: served.outDir,
    database: served.database,
    browser,
    breakEndpoint: breaker.breakEndpoint,
    mendEndpoint: breaker.mendEndpoint,
    restart: served.restart,
    async close() {
      await browser.close();
      await served.close();
    },
  };
}

/**
 * The app with its demo organisation and user made, as a fresh install has
 * them, and the demo sites and data points with two weeks of readings: a
 * database of its own, started from the run's seeded dump (seed-demo-once.ts).
 */
export async function startAppWithDemo(): Promise<{
  app: AppUnderTest;
  demo: { email: string; password: string };
}> {
  const { dumpFile, email, password } = inject('demoDatabase');
  const app = await startAppOn(openDatabase({ memory: true, from: new Blob([readFileSync(dumpFile)]) }));
  return { app, demo: { email, password } };
}
