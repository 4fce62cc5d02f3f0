import { expect } from 'storybook/test';

/** A coloured cell for each hour of the week (seven rows of 24), most of them with a figure. */
export function expectLoaded(slot: HTMLElement): void {
  const cells = [...slot.querySelectorAll<HTMLElement>('tbody td[title]')];
  expect(cells).toHaveLength(7 * 24);
  const coloured = cells.filter((cell) => !cell.dataset.empty && cell.style.background !== '');
  expect(coloured.length, `hours with a figure, shown: ${slot.textContent?.slice(0, 200)}`).toBeGreaterThan(
    84,
  );
}
