import type { Browser, Page } from 'playwright-core';
import { followRequests, quietNetwork } from '../../tests/browser/quiet-network';
import { signInThroughForm } from '../../tests/browser/sign-in.ts';
import type { BenchUser } from './load-data.ts';

/** A change of the chart container's data-state, or the end of the frame that drew the "painted" one. */
interface StateMark {
  state: string;
  at: number;
}

declare global {
  interface Window {
    __explorerMarks?: StateMark[];
  }
}

/** One page load of a case, timed in the page's own clock (performance.now). */
export interface ChartLoad {
  /** From the start of the first getChartDataByDate request to data-state="painted". */
  paintMs: number;
  /** The same, to the end of the frame that set "painted" (its layout and paint done). */
  frameMs: number;
  /** The chart request as the browser saw it: start to the answer's last byte. */
  browserApiMs: number;
  /** How many chart requests the load made; more than one means the chart asked again. */
  requests: number;
  /** The body of the request whose answer was painted, for the Node client to send the same. */
  body: string;
}

const CHART_REQUEST = '/api/getChartDataByDate';
/** After "painted", how long to watch for a second request (a resize, a re-render) before taking the figures. */
const SETTLE_MS = 500;
const TIMEOUT_MS = 120_000;

/** A signed-in tab at the size the e2e tests use, recording the chart container's state changes on every load. */
export async function signedInPage(browser: Browser, baseUrl: string, user: BenchUser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  followRequests(page);
  await page.addInitScript(recordChartStates);
  await signInThroughForm(page, baseUrl, user.email, user.password);
  return page;
}

/**
 * Runs in the page before its scripts: a MutationObserver notes each
 * data-state of [data-testid="explorer-chart"] as it is set (the callback runs
 * in the same task, before the frame is drawn), and after "painted" a message
 * marks the end of that frame's rendering.
 */
function recordChartStates(): void {
  const marks: StateMark[] = [];
  window.__explorerMarks = marks;
  new MutationObserver((records) => {
    for (const record of records) {
      const element = record.target as HTMLElement;
      if (element.dataset.testid !== 'explorer-chart') continue;
      const state = element.dataset.state ?? '';
      marks.push({ state, at: performance.now() });
      if (state !== 'painted') continue;
      // A task queued from a frame's animation callbacks runs after that frame's style, layout and paint.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => marks.push({ state: 'frame', at: performance.now() });
      channel.port2.postMessage(null);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
}

/** Opens a case's address and times the chart from its request to its painted frame. */
export async function loadChart(page: Page, url: string): Promise<ChartLoad> {
  return timeChart(page, async () => {
    await page.goto(url);
  });
}

/**
 * The same view asked for in an explorer that is already open and idle, as
 * when a person picks points or a range: the address changes in the app (no
 * page load), so the figure is the chart's own request, answer and paint,
 * without the page's start-up work that a cold load runs beside them.
 */
export async function changeView(page: Page, baseUrl: string, url: string): Promise<ChartLoad> {
  await page.goto(`${baseUrl}/data/explorer`);
  await page.getByRole('heading', { level: 1, name: 'Data Explorer' }).waitFor();
  await quietNetwork(page);
  await page.waitForTimeout(SETTLE_MS);
  const target = new URL(url);
  return timeChart(page, async () => {
    await page.evaluate((to) => {
      window.__explorerMarks?.splice(0);
      performance.clearResourceTimings();
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `${target.pathname}${target.search}`);
  });
}

/** Asks for a chart (`ask`), waits until it is painted or has failed, and reads the figures of its latest request. */
async function timeChart(page: Page, ask: () => Promise<void>): Promise<ChartLoad> {
  const bodies: string[] = [];
  const onRequest = (request: { url(): string; postData(): string | null }) => {
    if (request.url().endsWith(CHART_REQUEST)) bodies.push(request.postData() ?? '');
  };
  page.on('request', onRequest);
  try {
    await ask();
    await page.waitForFunction(
      () => window.__explorerMarks?.some((mark) => mark.state === 'frame' || mark.state === 'failed'),
      undefined,
      { timeout: TIMEOUT_MS },
    );
    await page.waitForTimeout(SETTLE_MS);
    return await readLoad(page, bodies);
  } finally {
    page.off('request', onRequest);
  }
}

async function readLoad(page: Page, bodies: string[]): Promise<ChartLoad> {
  const seen = await page.evaluate((path) => {
    const requests = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith(path))
      .map((entry) => ({ start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd }));
    return { marks: window.__explorerMarks ?? [], requests };
  }, CHART_REQUEST);
  const states = seen.marks.map((mark) => mark.state).join(' → ');
  const last = seen.marks.at(-1);
  if (last?.state !== 'frame') {
    const alert = await page.getByRole('alert').allTextContents();
    throw new Error(`the chart did not end painted (${states}) ${alert.join(' ')}`);
  }
  const painted = seen.marks.findLast((mark) => mark.state === 'painted') as StateMark;
  const first = seen.requests[0];
  const latest = seen.requests.at(-1);
  if (!first || !latest) throw new Error(`no ${CHART_REQUEST} request in the page's resource timing`);
  return {
    paintMs: painted.at - first.start,
    frameMs: last.at - first.start,
    browserApiMs: latest.end - latest.start,
    requests: seen.requests.length,
    body: bodies.at(-1) ?? '',
  };
}
