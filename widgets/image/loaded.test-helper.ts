import { expect } from 'storybook/test';
import { exampleData, expectTexts } from '../shared/gallery-checks.test-helper';

/** The image, described by its alt text, and its caption. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { alt, caption } = exampleData('image', example);
  expect(slot.querySelector(`[alt="${alt}"], [aria-label="${alt}"]`), 'the described image').not.toBeNull();
  if (caption) expectTexts(slot, [caption]);
}
