/**
 * npm run bench:bundle — the script and style a first visit loads, gzipped:
 * /auth/login, and /sites and /data/explorer for a signed-in person, each in
 * a fresh browser context (empty cache) against the production build served
 * by the real server. Beside them, in the same run, a bare React sign-in form
 * built by the same Vite (bare-entry.tsx): the least a React login page loads.
 * Headline ratio: the login page's bytes ÷ the bare form's. Goal: the login
 * page within 200 KB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build, preview } from 'vite';
import { followRequests, quietNetwork } from '../../tests/browser/quiet-network';
import { sessionKeeper } from '../../tests/browser/sign-in.ts';
import { withDemoApp } from '../demo-app.ts';
import { reportResult, round } from '../results-file.ts';

const GOAL_LOGIN_KB = 200;
const root = new URL('../../', import.meta.url).pathname;

/** Gzipped bytes of the scripts and styles a page loads, and how many files. */
interface FirstLoad {
  gzipBytes: number;
  files: number;
}

/** Loads a page in the context and sums its own scripts and styles, gzipped, once it is quiet. */
async function firstLoad(context: BrowserContext, url: string, ready: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  followRequests(page);
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if ((type === 'script' || type === 'stylesheet') && response.ok()) bodies.push(response.body());
  });
  await page.goto(url);
  await ready(page);
  await quietNetwork(page);
  const files = await Promise.all(bodies);
  await page.close();
  return { gzipBytes: files.reduce((sum, body) => sum + gzipSync(body).length, 0), files: files.length };
}

/** The bare React form, built and served on its own. */
async function bareReactForm(browser: Browser): Promise<FirstLoad> {
  const outDir = mkdtempSync(join(tmpdir(), 'insights-bench-bundle-'));
  try {
    await build({
      root,
      configFile: `${root}vite.config.ts`,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, rolldownOptions: { input: `${root}bench/bundle/bare.html` } },
    });
    const server = await preview({
      root,
      configFile: `${root}vite.config.ts`,
      preview: { port: 0 },
      build: { outDir },
    });
    try {
      const context = await browser.newContext();
      const address = server.resolvedUrls?.local[0] ?? '';
      const load = await firstLoad(context, `${address}bench/bundle/bare.html`, (page) =>
        page.getByRole('button', { name: 'Sign in' }).waitFor(),
      );
      await context.close();
      return load;
    } finally {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  await withDemoApp(2, async ({ browser, app, demo }) => {
    const fresh = () => browser.newContext({ viewport: { width: 1280, height: 900 } });
    const loginContext = await fresh();
    const login = await firstLoad(loginContext, `${app.baseUrl}/auth/login`, (page) =>
      page.getByRole('button', { name: 'Sign in' }).waitFor(),
    );
    await loginContext.close();
    const session = await sessionKeeper(app.baseUrl)(demo.email, demo.password);
    const signedIn = async (path: string, heading: string) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        storageState: session,
      });
      const load = await firstLoad(context, `${app.baseUrl}${path}`, (page) =>
        page.getByRole('heading', { level: 1, name: heading }).waitFor(),
      );
      await context.close();
      return load;
    };
    const sites = await signedIn('/sites', 'Assets');
    const explorer = await signedIn('/data/explorer', 'Data Explorer');
    const bare = await bareReactForm(browser);
    const kb = (load: FirstLoad) => round(load.gzipBytes / 1024, 1);
    const ratio = round(login.gzipBytes / bare.gzipBytes, 2);
    const loginKB = kb(login);
    reportResult(
      {
        name: 'bundle',
        metrics: {
          loginGzipKB: loginKB,
          loginFiles: login.files,
          sitesGzipKB: kb(sites),
          sitesFiles: sites.files,
          explorerGzipKB: kb(explorer),
          explorerFiles: explorer.files,
        },
        reference: { bareReactFormGzipKB: kb(bare), bareReactFormFiles: bare.files },
        ratio,
        goal: `the first load of /auth/login within ${GOAL_LOGIN_KB} KB of gzipped script and style`,
        goalMet: loginKB <= GOAL_LOGIN_KB,
      },
      `bundle: /auth/login ${loginKB} KB gz (${login.files} files), /sites ${kb(sites)} KB, /data/explorer ${kb(explorer)} KB; a bare React form ${kb(bare)} KB; ratio ${ratio}`,
      `login ≤ ${GOAL_LOGIN_KB} KB`,
    );
  });
}

await main();
