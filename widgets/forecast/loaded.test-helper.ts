import { expect } from 'storybook/test';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** The model chosen and why, each candidate's backtest, and the chart with its interval. */
export function expectLoaded(slot: HTMLElement): void {
  expectTexts(slot, ['Time of week and temperature', 'Same hour last week', 'Holt-Winters']);
  expect(slot.querySelectorAll('[data-testid="forecast-candidate"]')).toHaveLength(3);
  expect(slot.querySelector('[data-testid="forecast-interval"]'), 'the interval band').not.toBeNull();
}
