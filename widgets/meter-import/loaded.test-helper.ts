import { expect } from 'storybook/test';
import { exampleData, expectTexts } from '../shared/gallery-checks.test-helper';

/** The heading, and the first step: a file to choose. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { heading } = exampleData('meter-import', example);
  if (heading) expectTexts(slot, [heading]);
  expect(slot.querySelector('input[type="file"]'), 'a file input').not.toBeNull();
}
