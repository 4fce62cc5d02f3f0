import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRODUCT_ROUTES } from '../../src/app/product-routes';
import type { EndpointName } from '../../src/generated/api-contracts';
import { demoAppForThisFile } from './demo-app';
import { BREAK_HEADER } from './endpoint-breaker';
import { isContract } from './endpoint-names';
import { callsOf, expectPageSettled, takeShownFailure } from './page-watch';

// Breaking any one endpoint a product page calls must show the person a failure, and the watcher
// (page-watch.ts) must report it: so a normal test on that page fails when the endpoint breaks.
const demoApp = demoAppForThisFile();

/**
 * Browser contexts working side by side, each through its share of the
 * pages: enough to overlap the server's and the browser's waits on two cores.
 * A context is kept from page to page, so the app's files load once per context.
 */
const LANES = 3;

/**
 * Endpoints whose failure the person is not shown, by design, each with why.
 * The watcher still reports their 500 (and the console error they log), so
 * any test on a page that calls one fails when it breaks.
 */
const NOT_SHOWN: Partial<Record<EndpointName, string>> = {
  localStorage:
    'spec §8: a failed load or save of the layout configuration is only logged; the app keeps the settings it has',
  getOrgImage:
    "the top bar shows the product's name in place of the organisation's name and logo; the organisation page says the failure (its gallery story checks that)",
};

/** Endpoints whose data shows only once the person opens where it is, and how they open it. */
const OPENED_BY_THE_PERSON: Partial<Record<EndpointName, (page: Page) => Promise<void>>> = {
  // The phone number, in the profile menu.
  getProfile: (page) => page.getByRole('button', { name: /profile menu$/ }).click(),
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

/** The contracts a page calls as it loads; the page must settle without any failure, as in any test. */
async function contractsCalledBy(context: BrowserContext, path: string): Promise<EndpointName[]> {
  const page = await context.newPage();
  try {
    await page.goto(`${demoApp.app.baseUrl}${path}`);
    await expectPageSettled(page);
  } finally {
    await page.close();
  }
  const called = callsOf(context)
    .filter((call) => call.page === path)
    .map((call) => call.label);
  return [...new Set(called)].filter(isContract).sort();
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

/**
 * Each endpoint the pages call, once, on the first page that calls it. How
 * each widget shows a failed endpoint is checked widget by widget in the
 * built gallery (gallery.e2e.test.ts); here, that the app as a whole shows it.
 */
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

describe('a product endpoint answering 500', () => {
  it('is shown to the person and reported as a failure, on a product page that calls it', async () => {
    const pages = productPages();
    const called = await inLanes(pages, contractsCalledBy);
    const cases = firstPageCalling(pages, called);
    // The session's, the shell's and the pages' own: a first pass that saw no calls would test nothing.
    expect(cases.map((item) => item.endpoint)).toEqual(
      expect.arrayContaining(['appConfig', 'billing', 'siteTree', 'getEntitesForDataExplorer', 'getUsers']),
    );
    const problems = await inLanes(cases, unnoticed);
    expect(problems.filter(Boolean)).toEqual([]);
  }, 600_000); // dozens of page loads, three at a time
});
