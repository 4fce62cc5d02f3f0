import { expect } from 'storybook/test';
import { exampleData } from '../shared/gallery-checks.test-helper';

/** A link per button, to its address. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { buttons } = exampleData('button-group', example);
  const links = [...slot.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
  expect(links).toEqual(buttons.map((button) => [button.label, button.href]));
}
