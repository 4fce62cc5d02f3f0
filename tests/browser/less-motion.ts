import type { Browser } from 'playwright-core';

/**
 * Every context the browser makes from now on asks for less motion, as a
 * person may in their system's settings, unless its options say otherwise
 * (`reducedMotion: 'no-preference'`). Charts are then drawn at once and pages
 * switch without sliding, as the product does for such a person anyway
 * (widgets/shared/chart-box.tsx, src/shell/route-transition.tsx): animated,
 * every chart's entry and every route's slide were frames drawn for no test.
 * The journey's people keep the default motion, so a person who never changed
 * that setting still goes through the product end to end.
 */
export function lessMotionByDefault(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
}
