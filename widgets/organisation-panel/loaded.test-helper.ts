import { expect } from 'storybook/test';
import { exampleData, expectTexts } from '../shared/gallery-checks.test-helper';

/** The panel's heading and the organisation's logo field. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { heading } = exampleData('organisation-panel', example);
  if (heading) expectTexts(slot, [heading]);
  expect(slot.querySelector('img, input[type="file"]'), 'the logo or a way to upload one').not.toBeNull();
}
