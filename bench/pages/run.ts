/**
 * npm run bench:pages — how long each product page and each demo dashboard
 * takes to fill: from the start of its navigation to every widget loaded (no
 * loading marker shown and no API request in flight for 200 ms), against the
 * production build served by the real server over the demo data. Two ways a
 * person gets there: moving to it inside the app (a link of the menu, with
 * the app already loaded), and opening it afresh (a new signed-in browser
 * context: the app's code loaded and started too).
 *
 * Beside each page, in the same run: the same page's API requests, as the
 * browser made them (address, token and body), made again directly from Node
 * one after another, with no browser: the server's time for what the page
 * needs. Ratio per page: the in-app time ÷ its requests' time; the headline
 * ratio is the worst page's. Goal (issue 38): a ratio ≤ 2 on every page, and
 * every page filled within 1.5 s on an idle machine.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { PRODUCT_ROUTES } from '../../src/layouts/product-routes.ts';
import { LOADING_MARKERS, navigateInApp } from '../../tests/browser/in-app.ts';
import { isStreamRequest } from '../../tests/browser/quiet-network.ts';
import { sessionKeeper } from '../../tests/browser/sign-in.ts';
import { withDemoApp } from '../demo-app.ts';
import { median, reportResult, round } from '../results-file.ts';

const RUNS = 3;
/** Two months of readings: the dashboards' month-on-month figures and 30-day charts have data to draw. */
const DEMO_DAYS = 60;
const GOAL_RATIO = 2;
const GOAL_SECONDS = 1.5;
const QUIET_MS = 200;
const DEMO_DASHBOARDS = [
  '/dashboard',
  '/dashboard/alpha',
  '/dashboard/beta',
  '/dashboard/gamma',
  '/dashboard/dash',
];

/** Each product page once (routes that render the same layout are one page), its optional parameters left out. */
function pagesToMeasure(): string[] {
  const byLayout = new Map<string, string>();
  for (const { path, layout, stored } of PRODUCT_ROUTES) {
    if (stored || (path.includes(':') && !path.includes('?'))) continue;
    if (!byLayout.has(layout)) byLayout.set(layout, path.replace(/\/:[^/]+\?/g, ''));
  }
  return [...new Set([...byLayout.values(), ...DEMO_DASHBOARDS])];
}

interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

type Session = Awaited<ReturnType<ReturnType<typeof sessionKeeper>>>;

/**
 * A page's API requests: those in flight, those made since the last `takeCalls`, and when the last one ended.
 * The live stream is left out: open for the page's life, it is never done, and made again from Node it would
 * never answer.
 */
function watchApiRequests(page: Page) {
  const inFlight = new Set<Request>();
  let calls: RecordedCall[] = [];
  let lastEnd = 0;
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/') || isStreamRequest(request)) return;
    inFlight.add(request);
    calls.push({
      url: request.url(),
      method: request.method(),
      headers: request.headers(),
      body: request.postData(),
    });
  });
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastEnd = performance.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    filled: () => filled(page, inFlight, () => lastEnd),
    takeCalls: () => {
      const taken = calls;
      calls = [];
      return taken;
    },
  };
}

/** One load of the page in a new signed-in context: ms until it is filled. */
async function loadOnce(browser: Browser, baseUrl: string, session: Session, path: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: session });
  try {
    const page = await context.newPage();
    const requests = watchApiRequests(page);
    const start = performance.now();
    await page.goto(`${baseUrl}${path}`);
    return (await requests.filled()) - start;
  } finally {
    await context.close();
  }
}

/** Each page reached inside the app, one after another, in one signed-in tab: ms until filled, and its API calls. */
async function inAppOnce(
  browser: Browser,
  baseUrl: string,
  session: Session,
  pages: string[],
): Promise<{ ms: number; calls: RecordedCall[] }[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: session });
  try {
    const page = await context.newPage();
    // Pages switch at once: the route's 300 ms animation is the shell's, not the page's filling.
    await page.addInitScript(() => localStorage.setItem('app.settings.routerAnimation', '"none"'));
    const requests = watchApiRequests(page);
    await page.goto(`${baseUrl}/organisation`);
    await requests.filled();
    const results: { ms: number; calls: RecordedCall[] }[] = [];
    for (const path of pages) {
      requests.takeCalls();
      const start = performance.now();
      await navigateInApp(page, path);
      const filledAt = await requests.filled();
      results.push({ ms: filledAt - start, calls: requests.takeCalls() });
    }
    return results;
  } finally {
    await context.close();
  }
}

/** The moment the page showed no loading marker with no API request in flight, once that has held QUIET_MS. */
async function filled(page: Page, inFlight: Set<Request>, lastRequestEnd: () => number): Promise<number> {
  let quietSince: number | undefined;
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const loading = await page.evaluate((selector) => {
      const heading = document.querySelector('h1');
      const shown = [...document.querySelectorAll<HTMLElement>(selector)].some((element) =>
        element.checkVisibility(),
      );
      return !heading || shown;
    }, LOADING_MARKERS);
    const now = performance.now();
    if (loading || inFlight.size > 0) quietSince = undefined;
    else quietSince ??= Math.max(now, lastRequestEnd());
    if (quietSince !== undefined && now - quietSince >= QUIET_MS) return quietSince;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${page.url()} did not fill within a minute`);
}

/** The page's API calls made again from Node, one after another: ms in all. */
async function directly(calls: RecordedCall[]): Promise<number> {
  const start = performance.now();
  for (const call of calls) {
    const response = await fetch(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.method === 'GET' || call.method === 'HEAD' ? undefined : (call.body ?? undefined),
    });
    await response.arrayBuffer();
  }
  return performance.now() - start;
}

async function main(): Promise<void> {
  await withDemoApp(DEMO_DAYS, async ({ browser, app, demo }) => {
    const session = await sessionKeeper(app.baseUrl)(demo.email, demo.password);
    const pages = pagesToMeasure();
    const metrics: Record<string, number> = {};
    const reference: Record<string, number> = {};
    const ratios: { path: string; ratio: number; seconds: number }[] = [];
    const inApp = new Map<string, number[]>(pages.map((path) => [path, []]));
    const direct = new Map<string, number[]>(pages.map((path) => [path, []]));
    const fresh = new Map<string, number[]>(pages.map((path) => [path, []]));
    const callCounts = new Map<string, number>();
    // A first pass warms the server's caches and the machine; it is not counted.
    await inAppOnce(browser, app.baseUrl, session, pages);
    for (let run = 0; run < RUNS; run++) {
      const results = await inAppOnce(browser, app.baseUrl, session, pages);
      for (const [index, path] of pages.entries()) {
        const result = results[index] as { ms: number; calls: RecordedCall[] };
        inApp.get(path)?.push(result.ms);
        callCounts.set(path, result.calls.length);
        direct.get(path)?.push(await directly(result.calls));
      }
      for (const path of pages) fresh.get(path)?.push(await loadOnce(browser, app.baseUrl, session, path));
      console.log(`run ${run + 1} of ${RUNS} done`);
    }
    for (const path of pages) {
      const page = median(inApp.get(path) ?? []);
      const api = median(direct.get(path) ?? []);
      const opened = median(fresh.get(path) ?? []);
      metrics[`${path} inAppMs`] = round(page, 0);
      metrics[`${path} freshLoadMs`] = round(opened, 0);
      // A page that asks the server nothing has no reference to compare with: only its time counts.
      const asks = (callCounts.get(path) ?? 0) > 0;
      const ratio = asks ? page / Math.max(api, 1) : undefined;
      if (asks) reference[`${path} apiMs`] = round(api, 0);
      ratios.push({ path, ratio: ratio ?? 0, seconds: page / 1000 });
      console.log(
        `${path}: in the app ${round(page, 0)} ms, opened afresh ${round(opened, 0)} ms; ${
          asks ? `its API requests directly ${round(api, 0)} ms; ×${round(ratio ?? 0, 2)}` : 'no API request'
        }`,
      );
    }
    const worst = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    const slowest = ratios.reduce((a, b) => (b.seconds > a.seconds ? b : a));
    const goalMet = ratios.every(({ ratio, seconds }) => ratio <= GOAL_RATIO && seconds <= GOAL_SECONDS);
    reportResult(
      {
        name: 'pages',
        metrics,
        reference,
        ratio: round(worst.ratio, 2),
        goal: `every page filled within ${GOAL_RATIO}× its API requests' time and within ${GOAL_SECONDS} s on an idle machine`,
        goalMet,
      },
      `pages: ${pages.length} pages, worst ratio ×${round(worst.ratio, 2)} (${worst.path}), slowest ${round(slowest.seconds, 2)} s (${slowest.path})`,
      `≤ ${GOAL_RATIO}× and ≤ ${GOAL_SECONDS} s each`,
    );
  });
}

await main();
