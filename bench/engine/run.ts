/**
 * npm run bench:engine — validate and render a 200-widget page in Chromium,
 * beside the same widgets composed in hand-written JSX, in the same run.
 *
 * Both pages are production builds served locally. Each is loaded RUNS times
 * in a fresh browser context (cold caches), alternating, and the medians are
 * reported. Options: --runs N.
 */
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { chromiumLaunchOptions } from '../../server/reports/chromium.ts';
import { median, reportResult, round } from '../results-file.ts';
import type { BenchReport } from './ready.ts';

const root = new URL('../../', import.meta.url).pathname;
const outDir = `${root}bench/.dist/engine`;
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 9;
const GOAL_VALIDATION_MS = 5;
const GOAL_RATIO = 1.5;

interface PageRun extends BenchReport {
  jsGzipBytes: number;
}

async function buildPages(): Promise<void> {
  await build({
    root,
    configFile: `${root}vite.config.ts`,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: {
        input: { engine: `${root}bench/engine/engine.html`, direct: `${root}bench/engine/direct.html` },
      },
    },
  });
}

async function measure(browser: Browser, url: string): Promise<PageRun> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(response.body().then((body) => gzipSync(body).length));
    }
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.waitForFunction(() => window.__benchReport !== undefined, undefined, { timeout: 60_000 });
  const report = (await page.evaluate(() => window.__benchReport)) as BenchReport;
  const jsGzipBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
  await context.close();
  if (errors.length > 0) throw new Error(`${url}: ${errors.join('; ')}`);
  return { ...report, jsGzipBytes };
}

async function main(): Promise<void> {
  await buildPages();
  const server = await preview({
    root,
    configFile: `${root}vite.config.ts`,
    logLevel: 'warn',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1' },
  });
  const base = server.resolvedUrls?.local[0];
  if (!base) throw new Error('preview server has no address');
  const browser = await chromium.launch(chromiumLaunchOptions());
  const engine: PageRun[] = [];
  const direct: PageRun[] = [];
  try {
    // One unmeasured load of each warms the server and Chromium's own start-up paths.
    await measure(browser, `${base}bench/engine/engine.html`);
    await measure(browser, `${base}bench/engine/direct.html`);
    for (let run = 0; run < runs; run++) {
      engine.push(await measure(browser, `${base}bench/engine/engine.html`));
      direct.push(await measure(browser, `${base}bench/engine/direct.html`));
    }
  } finally {
    await browser.close();
    await server.close();
  }

  const pick = (list: PageRun[], field: keyof PageRun) =>
    round(median(list.map((run) => run[field] as number)));
  const metrics = {
    widgets: 200,
    runs,
    validationMs: pick(engine, 'validationMs'),
    validationWarmMs: pick(engine, 'validationWarmMs'),
    renderMs: pick(engine, 'renderMs'),
    navigationToPaintMs: pick(engine, 'navigationToPaintMs'),
    jsGzipKb: round(pick(engine, 'jsGzipBytes') / 1024, 1),
  };
  const reference = {
    renderMs: pick(direct, 'renderMs'),
    navigationToPaintMs: pick(direct, 'navigationToPaintMs'),
    jsGzipKb: round(pick(direct, 'jsGzipBytes') / 1024, 1),
  };
  const ratio = round(metrics.renderMs / reference.renderMs, 3);
  reportResult(
    {
      name: 'engine',
      metrics,
      reference,
      ratio,
      goal: `validation < ${GOAL_VALIDATION_MS} ms; render (createRoot → all 200 widgets painted) ≤ ${GOAL_RATIO}× the hand-written JSX page`,
      goalMet: metrics.validationMs < GOAL_VALIDATION_MS && ratio <= GOAL_RATIO,
    },
    `bench:engine 200 widgets: validation ${metrics.validationMs} ms (warm ${metrics.validationWarmMs} ms), render ${metrics.renderMs} ms vs hand-written ${reference.renderMs} ms (ratio ${ratio}), load→paint ${metrics.navigationToPaintMs} vs ${reference.navigationToPaintMs} ms, JS ${metrics.jsGzipKb} vs ${reference.jsGzipKb} kB gzip`,
    `validation < ${GOAL_VALIDATION_MS} ms and render ≤ ${GOAL_RATIO}×`,
  );
}

main().catch((error: Error) => {
  console.error(`bench:engine failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
