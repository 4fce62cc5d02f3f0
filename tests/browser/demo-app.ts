import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiAs } from './api-as';
import { type AppUnderTest, startAppWithDemo } from './app-server';
import { sessionKeeper } from './sign-in';

/** The app under test with its demo organisation, as the tests of one file share it. */
export interface DemoApp {
  readonly app: AppUnderTest;
  readonly demo: { email: string; password: string };
  /** A person's signed-in browser state, signed in once per file and kept. */
  readonly session: ReturnType<typeof sessionKeeper>;
  /** A new 1280 × 900 context signed in as the demo user, on `path`; `close` closes the context. */
  signedInPage(
    path: string,
    /**
     * clockAt: the browser's clock starts at this moment and runs on from it, for a test about "this month"
     * that must not depend on the day it runs (the server's clock is left alone).
     */
    options?: { acceptDialogs?: boolean; clockAt?: Date },
  ): Promise<{ page: Page; close: () => Promise<void> }>;
  /** The demo person's API, as their browser calls it (with the kept session's ID token). */
  api(): Promise<ReturnType<typeof apiAs>>;
}

/**
 * Starts the app with its demo data before the file's tests and closes it
 * after them. Read its fields inside tests and hooks: they exist once the
 * file's beforeAll has run.
 */
export function demoAppForThisFile(): DemoApp {
  let started: { app: AppUnderTest; demo: DemoApp['demo']; session: DemoApp['session'] } | undefined;
  beforeAll(async () => {
    const { app, demo } = await startAppWithDemo();
    started = { app, demo, session: sessionKeeper(app.baseUrl) };
  }, 120_000);
  afterAll(async () => {
    await started?.app.close();
  });
  const running = () => {
    if (!started) throw new Error('the demo app starts in beforeAll; read it inside a test or hook');
    return started;
  };
  return {
    get app() {
      return running().app;
    },
    get demo() {
      return running().demo;
    },
    session: (email, password) => running().session(email, password),
    async api() {
      const { app, demo, session } = running();
      const state = await session(demo.email, demo.password);
      const token = state.origins[0]?.localStorage.find((entry) => entry.name.endsWith('.idToken'))?.value;
      if (!token) throw new Error('the demo session holds no ID token');
      return apiAs(app.baseUrl, token);
    },
    async signedInPage(path, { acceptDialogs = false, clockAt } = {}) {
      const { app, demo, session } = running();
      const context = await app.browser.newContext({
        viewport: { width: 1280, height: 900 },
        storageState: await session(demo.email, demo.password),
      });
      if (clockAt) await context.clock.install({ time: clockAt });
      const page = await context.newPage();
      // Pages ask before anything is revoked or deleted; the person says yes.
      if (acceptDialogs) page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(`${app.baseUrl}${path}`);
      return { page, close: () => context.close() };
    },
  };
}
