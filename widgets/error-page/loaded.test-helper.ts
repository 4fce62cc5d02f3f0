import { expect } from 'storybook/test';
import { exampleData, expectTexts } from '../shared/gallery-checks.test-helper';

/** The error's code as a heading, and a way home. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { code } = exampleData('error-page', example);
  expectTexts(slot, [code]);
  expect(slot.querySelector('a[href="/"]')).not.toBeNull();
}
