import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EndpointName } from '../../src/generated/api-contracts';
import { PRODUCT_ROUTES } from '../../src/layouts/product-routes';
import { FAILED, WAITING } from '../../stories/state-names';
import { widgetOnlyEndpoints, widgetReads } from './app-own-endpoints';
import { demoAppForThisFile } from './demo-app';
import { BREAK_HEADER } from './endpoint-breaker';
import { isContract } from './endpoint-names';
import { navigateInApp } from './in-app';
import { callsOf, expectPageSettled, networkQuiet, takeShownFailure } from './page-watch';

/**
 * Breaking an endpoint a product page calls must show the person a failure,
 * and the watcher (page-watch.ts) must report it: so a normal test on that
 * page fails when the endpoint breaks, and the person is not left with a
 * blank card or a spinner. Where the failure shows:
 * - in the widget that reads it: every widget's example with each of its
 *   endpoints failing, in happy-dom (widgets/failed-endpoints.test.tsx); here,
 *   that a page keeps working around one failed widget;
 * - in the app itself (the session, the shell, the page's own document):
 *   here, each such endpoint broken on the first product page that calls it.
 */
const demoApp = demoAppForThisFile();

/** Browser contexts working side by side: enough to overlap the server's and the browser's waits on two cores. */
const LANES = 3;

/**
 * Endpoints whose failure the person is not shown, by design, each with why.
 * The watcher still reports their 500 (and the console error they log), so
 * any test on a page that calls one fails when it breaks.
 */
const NOT_SHOWN: Partial<Record<EndpointName, string>> = {
  localStorage:
    'spec §8: a failed load or save of the layout configuration is only logged; the app keeps the settings it has',
  live: 'the live stream is opened again in the background (after 1, 2, 4… s, up to 30); while the Live switch is on, it says "reconnecting…" beside it, and every screen keeps what it read (the bell asks every half minute)',
  getOrgImage:
    "the top bar shows the product's name in place of the organisation's name and logo; the organisation page says the failure (its gallery story checks that)",
};

/** Endpoints whose data shows only once the person opens where it is, and how they open it. */
const OPENED_BY_THE_PERSON: Partial<Record<EndpointName, (page: Page) => Promise<void>>> = {
  // The phone number, in the profile menu, opened once the page has loaded, as a person opens it: a click
  // as the menu's button first appeared once left it closed, and the failure unseen (a clean-clone run).
  getProfile: async (page) => {
    await networkQuiet(page);
    await page.getByRole('button', { name: /profile menu$/ }).click();
    await page.getByRole('menu').waitFor();
  },
  // The notifications, in the bell's menu: its count alone cannot say the list failed.
  notifications: async (page) => {
    await networkQuiet(page);
    await page.getByTestId('notification-bell').click();
    await page.getByRole('menu').waitFor();
  },
};

/** Each product page once (routes that render the same layout are one page), its optional parameters left out. */
function productPages(): string[] {
  const byLayout = new Map<string, string>();
  for (const { path, layout } of PRODUCT_ROUTES) {
    if (!byLayout.has(layout)) byLayout.set(layout, path.replace(/\/:[^/]+\?/g, ''));
  }
  return [...byLayout.values()];
}

/** A signed-in demo user's context. */
async function signedInContext(): Promise<BrowserContext> {
  return demoApp.app.browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: await demoApp.session(demoApp.demo.email, demoApp.demo.password),
  });
}

/**
 * The contracts each page calls, pages in the order given: the first loaded,
 * the others reached as the app's own links reach them (the history API and
 * the popstate the router follows), so each costs a render, not a load of
 * the whole app. Every page must settle without any failure, as in any test.
 */
async function contractsCalledBy(paths: string[]): Promise<EndpointName[][]> {
  const context = await signedInContext();
  try {
    const page = await context.newPage();
    // Pages switch at once: a route's exit animation would hold the next page's calls past the settle.
    await page.addInitScript(() => localStorage.setItem('app.settings.routerAnimation', '"none"'));
    for (const [index, path] of paths.entries()) {
      if (index === 0) await page.goto(`${demoApp.app.baseUrl}${path}`);
      else {
        await navigateInApp(page, path);
        await page.waitForURL(`${demoApp.app.baseUrl}${path}`);
      }
      await expectPageSettled(page);
    }
    const calls = callsOf(context);
    return paths.map((path) => {
      const called = calls.filter((call) => call.page === path).map((call) => call.label);
      return [...new Set(called)].filter(isContract).sort();
    });
  } finally {
    await context.close();
  }
}

/** What is wrong with how the page takes this endpoint's failure, or nothing. */
async function unnoticed(
  context: BrowserContext,
  { path, endpoint }: { path: string; endpoint: EndpointName },
): Promise<string | undefined> {
  // The server answers this endpoint 500 for this context alone.
  await context.setExtraHTTPHeaders({ [BREAK_HEADER]: endpoint });
  const page = await context.newPage();
  try {
    await page.goto(`${demoApp.app.baseUrl}${path}`);
    await OPENED_BY_THE_PERSON[endpoint]?.(page);
    const { failedCalls, alerts } = await takeShownFailure(page);
    const reported = failedCalls.some((call) => call.label === endpoint && call.status === 500);
    const shown = alerts.length > 0 || endpoint in NOT_SHOWN;
    if (reported && shown) return undefined;
    return [
      `${path} with ${endpoint} broken:`,
      reported ? '' : 'the watcher did not report its 500;',
      shown ? '' : 'the person sees no failure;',
    ]
      .filter(Boolean)
      .join(' ');
  } finally {
    await page.close();
  }
}

/**
 * Runs `work` on every item in LANES contexts side by side, a page of its
 * own for each item, and gives the results in the order of the items.
 */
async function inLanes<T, R>(
  items: T[],
  work: (context: BrowserContext, item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failed = false;
  const lane = async () => {
    const context = await signedInContext();
    try {
      while (!failed && next < items.length) {
        const index = next++;
        results[index] = await work(context, items[index] as T);
      }
    } catch (error) {
      // The other lanes stop too, so nothing runs on after the test has failed.
      failed = true;
      throw error;
    } finally {
      await context.close();
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(LANES, items.length) }, lane));
  const failure = lanes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}

/** Each endpoint the pages call, once, on the first page that calls it. */
function firstPageCalling(
  pages: string[],
  called: EndpointName[][],
): { path: string; endpoint: EndpointName }[] {
  const cases = new Map<EndpointName, string>();
  pages.forEach((path, index) => {
    for (const endpoint of called[index] ?? []) if (!cases.has(endpoint)) cases.set(endpoint, path);
  });
  return [...cases].map(([endpoint, path]) => ({ path, endpoint }));
}

/** Each widget on the page, by its name and place, and whether it shows a failure, is loading, or is loaded. */
function widgetStates(page: Page): Promise<{ widget: string; state: 'failed' | 'loading' | 'loaded' }[]> {
  return page.evaluate(
    ({ failed, waiting }) =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-widget]'))
        // The page's own frame widgets hold the others: each data widget is judged by itself.
        .filter((element) => !element.querySelector('[data-widget]'))
        .map((element) => ({
          widget: `${element.dataset.widget} at ${element.dataset.pointer}`,
          state: element.querySelector(failed)
            ? 'failed'
            : element.querySelector(waiting)
              ? 'loading'
              : 'loaded',
        })),
    { failed: FAILED, waiting: WAITING },
  );
}

describe('a product endpoint answering 500', () => {
  it('is shown to the person and reported, for each endpoint the app calls itself, on a product page that calls it', async () => {
    const pages = productPages();
    const called = await contractsCalledBy(pages);
    const all = firstPageCalling(pages, called);
    // The session's, the shell's and the pages' own: a first pass that saw no calls would test nothing.
    expect(all.map((item) => item.endpoint)).toEqual(
      expect.arrayContaining(['appConfig', 'billing', 'siteTree', 'getEntitesForDataExplorer', 'getUsers']),
    );
    const widgetOnly = widgetOnlyEndpoints();
    const cases = all.filter(({ endpoint }) => !widgetOnly.has(endpoint));
    expect(cases.map((item) => item.endpoint)).toEqual(
      expect.arrayContaining(['appConfig', 'billing', 'membership', 'dashboardGet']),
    );
    const problems = await inLanes(cases, unnoticed);
    expect(problems.filter(Boolean)).toEqual([]);
  }, 300_000);

  it("keeps the rest of a page working when one widget's endpoint fails", async () => {
    const context = await signedInContext();
    try {
      await context.setExtraHTTPHeaders({ [BREAK_HEADER]: 'getChartDataByDate' });
      const page = await context.newPage();
      await page.goto(`${demoApp.app.baseUrl}/dashboard`);
      const { failedCalls } = await takeShownFailure(page);
      expect(failedCalls.map((call) => `${call.label} ${call.status}`)).toContain('getChartDataByDate 500');
      await expect.poll(() => page.locator(WAITING).count()).toBe(0);
      const widgets = await widgetStates(page);
      const readers = widgetReads('getChartDataByDate');
      const failed = widgets.filter((widget) => widget.state === 'failed').map((widget) => widget.widget);
      const loaded = widgets.filter((widget) => widget.state === 'loaded').map((widget) => widget.widget);
      expect(failed).toEqual([expect.stringMatching(/^consumption-chart at /)]);
      expect(failed.every((widget) => readers.has(widget.split(' ')[0] as string))).toBe(true);
      // The figures, the rankings, the heatmap and the site list: the dashboard less its chart.
      expect(loaded.length).toBeGreaterThanOrEqual(9);
      expect(await page.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
