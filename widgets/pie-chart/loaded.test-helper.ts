import { exampleData, expectDrawnChart } from '../shared/gallery-checks.test-helper';

/** An arc per slice. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { slices } = exampleData('pie-chart', example);
  expectDrawnChart(slot, 'path', slices.length);
}
