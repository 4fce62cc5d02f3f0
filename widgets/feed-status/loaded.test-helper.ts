import { expect } from 'storybook/test';

/** The three counts, and the quiet feeds listed by name or the sentence that none is quiet. */
export function expectLoaded(slot: HTMLElement): void {
  for (const count of ['feeds-reporting', 'feeds-silent', 'feeds-never']) {
    expect(slot.querySelector(`[data-testid="${count}"]`)?.textContent, count).toMatch(/^\d+ /);
  }
  const quiet = [...slot.querySelectorAll('[data-testid="quiet-feed"]')];
  if (quiet.length > 0)
    for (const feed of quiet) expect(feed.textContent).toMatch(/last reading|no reading yet/);
  else expect(slot.querySelector('[role="status"]')?.textContent).toContain('sent a reading');
}
