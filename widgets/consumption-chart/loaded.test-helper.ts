import { expect } from 'storybook/test';
import { expectDrawnChart } from '../shared/gallery-checks.test-helper';

/** A bar or line chart named for its series, with its bars or lines drawn. */
export function expectLoaded(slot: HTMLElement): void {
  const chart = slot.querySelector('[role="img"]');
  expect(chart?.getAttribute('aria-label'), 'the chart says what it shows').toMatch(
    /^(Bar|Line) chart of \S/,
  );
  const bars = chart?.getAttribute('aria-label')?.startsWith('Bar');
  expectDrawnChart(slot, bars ? 'rect' : 'path', bars ? 7 : 1);
}
