import { expect } from 'storybook/test';
import { exampleData, expectTexts, figureText } from '../shared/gallery-checks.test-helper';

/** The label, and a figure: digits, not a dash or a skeleton. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { label } = exampleData('kpi', example);
  expectTexts(slot, [label]);
  expect(figureText(slot), 'the figure').toMatch(/\d/);
}
