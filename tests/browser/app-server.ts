import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { localBillingProvider } from '../../server/billing/local-provider';
import { EMBEDDED_POOL } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/database';
import { openTestDatabase } from '../../server/db/test-database';
import { demoOrganisationId, seedDemo } from '../../server/demo/seed';
import { seedDemoPortfolio } from '../../server/demo/seed-portfolio';
import { serveFrontend } from '../../server/http/frontend';
import { DEFAULT_CONTENT_SECURITY } from '../../server/http/security-headers';
import { latestCode } from '../../server/identity/cognito-client.test-helper';
import { COGNITO_PATH } from '../../server/identity/cognito-route';
import { embeddedIdentity } from '../../server/identity/identity-mode';
import { createMailer } from '../../server/mail/mailer';
import { localStorage } from '../../server/storage/object-storage';
import { chromiumLaunchOptions } from './chromium';
import {
  type EndpointBreaker,
  endpointsBrokenByEnvironment,
  installEndpointBreaker,
} from './endpoint-breaker';
import { watchBrowser } from './page-watch';

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
  const outDir = inject('frontendDir');
  const database = await openTestDatabase('pglite');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = await buildApp({
    db: database.db,
    mailer: createMailer({ db: database.db, smtpUrl: undefined, from: 'e2e@insights', log: () => {} }),
    storage: localStorage(mkdtempSync(join(tmpdir(), 'insights-e2e-files-'))),
    identity: embeddedIdentity(
      database.db,
      { ...EMBEDDED_POOL, issuer: `${baseUrl}${COGNITO_PATH}` },
      COGNITO_PATH,
    ),
    billing: localBillingProvider,
    publicUrl: baseUrl,
    // The production policy, so any violation fails a test (page-watch.ts reads the console), but framing:
    // the shell's tests show the app in a frame of its own origin, as FRAME_ANCESTORS="'self'" allows.
    contentSecurity: { ...DEFAULT_CONTENT_SECURITY, frameAncestors: ["'self'"] },
  });
  const breaker = installEndpointBreaker(app, endpointsBrokenByEnvironment());
  await serveFrontend(app, outDir);
  await app.listen({ host: '127.0.0.1', port });
  const browser = await chromium.launch(chromiumLaunchOptions());
  watchBrowser(browser, baseUrl);
  return {
    baseUrl,
    outDir,
    database,
    browser,
    ...breaker,
    async close() {
      await browser.close();
      await app.close();
      await database.close();
    },
  };
}

/** The six-digit code in the newest mail to an address, as the person would read it. */
export const codeFromOutbox = (database: DatabaseHandle, to: string) => latestCode(database.db, to);

/** A port nobody listens on: the server's issuer and links name its address before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
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
