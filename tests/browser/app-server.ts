import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { chromiumLaunchOptions } from './chromium';

/** The production build of the app, served on a free port, and a Chromium to drive it. */
export interface AppUnderTest {
  baseUrl: string;
  /** The folder the production build was written to. */
  outDir: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function startApp(): Promise<AppUnderTest> {
  const root = process.cwd();
  const outDir = mkdtempSync(join(tmpdir(), 'insights-e2e-'));
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir } });
  const server: PreviewServer = await preview({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1' },
  });
  const baseUrl = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
  if (!baseUrl) throw new Error('preview server has no address');
  const browser = await chromium.launch(chromiumLaunchOptions());
  return {
    baseUrl,
    outDir,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Console errors and uncaught exceptions of a page, minus map tiles this closed network cannot fetch. */
export function watchConsole(page: Page): { errors: string[]; uncaught: string[] } {
  const seen = { errors: [] as string[], uncaught: [] as string[] };
  page.on('console', (message) => {
    const fromTileServer = message.location().url.includes('tile.openstreetmap.org');
    if (
      message.type() === 'error' &&
      !fromTileServer &&
      !message.text().startsWith('Failed to load resource')
    ) {
      seen.errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => seen.uncaught.push(error.message));
  return seen;
}
