import { expect } from 'storybook/test';
import { exampleData, expectTexts } from '../shared/gallery-checks.test-helper';

/** The state's title and description, announced as an alert only when it is an error, busy only while loading. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { kind, title, description } = exampleData('state', example);
  expectTexts(slot, [title, ...(description ? [description] : [])]);
  expect(slot.querySelector('[role="alert"]') !== null).toBe(kind === 'error');
  expect(slot.querySelector('[aria-busy="true"]') !== null).toBe(kind === 'loading');
}
