import { expect } from 'storybook/test';
import { exampleData, expectTexts } from '../shared/gallery-checks.test-helper';

/** A list item per item, with its title. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { items } = exampleData('list', example);
  expect(slot.querySelectorAll('li')).toHaveLength(items.length);
  expectTexts(
    slot,
    items.map((item) => item.title),
  );
}
