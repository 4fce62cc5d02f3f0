import { expect } from 'storybook/test';
import { exampleData, expectTexts, figureText } from '../shared/gallery-checks.test-helper';

/** The label, and the figure with its unit, or a dash when there is none. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { label, value, unit } = exampleData('stat', example);
  expectTexts(slot, [label]);
  if (value === null) expect(figureText(slot)).toMatch(/^[—–-]$/);
  else expect(figureText(slot)).toMatch(new RegExp(`\\d.*${unit ?? ''}`));
}
