import { expect } from 'storybook/test';
import { exampleData, expectTexts } from '../shared/gallery-checks.test-helper';

/** The label, and a bar at the value's share of the maximum. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { label, value, max } = exampleData('progress', example);
  expectTexts(slot, [label]);
  const bar = slot.querySelector('[role="progressbar"]');
  expect(Number(bar?.getAttribute('aria-valuenow'))).toBeCloseTo(value, 5);
  expect(Number(bar?.getAttribute('aria-valuemax'))).toBe(max ?? 100);
}
