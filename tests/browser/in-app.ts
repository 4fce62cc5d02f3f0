import type { Page } from 'playwright-core';

/**
 * What a loading widget or page shows (the session being restored, a widget's
 * code, its data): the e2e watcher (page-watch.ts) and bench:pages wait for it to go.
 */
export const LOADING_MARKERS =
  '[data-testid="widget-loading"], [data-testid="data-loading"], [aria-busy="true"]';

/**
 * Goes to a path as the app's own links do (the history API and a popstate
 * event, which the router follows), so each route costs a render, not a new
 * load of the whole bundle.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
