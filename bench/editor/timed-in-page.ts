import type { Page } from 'playwright-core';
import type { Painted, PaintedWatch } from './when-painted.ts';

declare global {
  interface Window {
    __pendingWatch?: Promise<Painted>;
  }
}

/**
 * Starts a watch in the page (installWhenPainted must be in it), does
 * `action` from Node (a keystroke, a call), and returns what the watch saw,
 * in the page's clock. The watch starts before the action, so nothing it
 * waits for can happen unseen.
 */
export async function timeInPage(
  page: Page,
  watch: PaintedWatch,
  action: () => Promise<void>,
): Promise<Painted> {
  await page.evaluate((pending) => {
    if (!window.__whenPainted) throw new Error('installWhenPainted is not in this page');
    window.__pendingWatch = window.__whenPainted(pending);
    // Read later; a rejection before then is reported there, not as unhandled.
    window.__pendingWatch.catch(() => {});
  }, watch);
  await action();
  return page.evaluate(() => window.__pendingWatch as Promise<Painted>);
}

/** ms from the start to the painted frame. */
export const paintedMs = (painted: Painted): number => painted.paintedAt - painted.startAt;
