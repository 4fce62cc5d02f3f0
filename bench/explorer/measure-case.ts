import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { GetChartDataByDateResponse } from '../../src/generated/api-types.ts';
import { median } from '../results-file.ts';
import { disagreements } from './agree.ts';
import { timedChartRequest } from './api-client.ts';
import { changeView, loadChart } from './browser.ts';
import { type ExplorerCase, explorerUrl } from './cases.ts';
import { heldCount, holdReadings } from './held-readings.ts';
import { TIME_ZONE } from './load-data.ts';
import { localDayStarts } from './local-days.ts';
import { checksum, lowerBound } from './lower-bound.ts';

/**
 * With BENCH_PROFILE_DIR set, one more page load of the case runs under the
 * browser's CPU profiler, written there as <case>-<time>.cpuprofile (open it in
 * Chromium's DevTools): where a slow paint's time goes. Not part of the figures.
 */
async function profileOneLoad(page: Page, url: string, explorerCase: ExplorerCase): Promise<void> {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return;
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  await loadChart(page, url);
  const { profile } = await session.send('Profiler.stop');
  mkdirSync(dir, { recursive: true });
  const name = `${explorerCase.id}-${Date.now()}`;
  writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  await session.detach();
  // What was measured, to look at beside its profile.
  await page.getByTestId('explorer-chart').screenshot({ path: join(dir, `${name}.png`) });
}

/** Unmeasured rounds first: the server's code, the database's caches and the bound's JIT all warm up. */
const WARMUP = 3;
const RUNS = 9;
const PAGE_RUNS = 5;

export interface CaseFigures {
  /** Median wall-clock time of the chart request from Node: sent → answer parsed. */
  apiMs: number;
  /** Median time of the same aggregation over the readings in memory. */
  lowerBoundMs: number;
  /** Medians over page loads (see ChartLoad). */
  paintMs: number;
  /** The same for the view asked for in an explorer already open (see changeView). */
  viewChangePaintMs: number;
  frameMs: number;
  browserApiMs: number;
  /** The most chart requests one page load made. */
  requests: number;
  /** The width the page asked for, which the Node client and the bound use too. */
  width: number;
  readings: number;
  answerBytes: number;
  /** Where the API and the bound computed different things (empty when they agree). */
  disagreements: string[];
}

export interface CaseContext {
  baseUrl: string;
  token: string;
  page: Page;
  pointIds: number[];
}

/**
 * One case on one engine. The page is opened first, so the Node client sends
 * exactly the request the page sends (its width comes from the layout); then
 * the API and the bound take turns, so a slow spell of this shared machine
 * falls on both; then the page loads.
 */
export async function measureCase(context: CaseContext, explorerCase: ExplorerCase): Promise<CaseFigures> {
  const url = explorerUrl(context.baseUrl, explorerCase, context.pointIds);
  const { body } = await loadChart(context.page, url);
  const width = (JSON.parse(body) as { width: number }).width;
  const held = holdReadings(explorerCase);
  const dayStarts = localDayStarts(TIME_ZONE, explorerCase.from, explorerCase.to);
  const bound = () => lowerBound(explorerCase, held, dayStarts, width);

  const first = await timedChartRequest<GetChartDataByDateResponse>(context.baseUrl, context.token, body);
  const expected = checksum(bound());
  const api: number[] = [];
  const lower: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const { ms } = await timedChartRequest(context.baseUrl, context.token, body);
    const started = performance.now();
    const result = bound();
    const boundMs = performance.now() - started;
    if (checksum(result) !== expected) throw new Error('the lower bound gave a different answer on a rerun');
    if (run >= WARMUP) {
      api.push(ms);
      lower.push(boundMs);
    }
  }

  const loads = [];
  for (let run = 0; run < PAGE_RUNS; run++) loads.push(await loadChart(context.page, url));
  const changes = [];
  for (let run = 0; run < PAGE_RUNS; run++)
    changes.push(await changeView(context.page, context.baseUrl, url));
  await profileOneLoad(context.page, url, explorerCase);
  return {
    apiMs: median(api),
    lowerBoundMs: median(lower),
    paintMs: median(loads.map((load) => load.paintMs)),
    viewChangePaintMs: median(changes.map((change) => change.paintMs)),
    frameMs: median(loads.map((load) => load.frameMs)),
    browserApiMs: median(loads.map((load) => load.browserApiMs)),
    requests: Math.max(...loads.map((load) => load.requests)),
    width,
    readings: heldCount(held, explorerCase.to),
    answerBytes: JSON.stringify(first.answer).length,
    disagreements: disagreements(first.answer, bound()),
  };
}
