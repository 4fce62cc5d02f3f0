import { expect } from 'storybook/test';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** The savings with their uncertainty and cost, and the chart of expected against used. */
export function expectLoaded(slot: HTMLElement): void {
  expectTexts(slot, ['Saved']);
  expect(slot.querySelector('[data-testid="savings-uncertainty"]'), 'the uncertainty').not.toBeNull();
  expect(slot.querySelector('[data-testid="savings-cost"]'), 'the cost').not.toBeNull();
  expect(slot.querySelector('[data-testid="savings-chart"]'), 'the chart').not.toBeNull();
}
