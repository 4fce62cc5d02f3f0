import { exampleData, expectDrawnChart } from '../shared/gallery-checks.test-helper';

/** A line per series, each drawn through its points. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { series } = exampleData('line-chart', example);
  expectDrawnChart(slot, 'path', series.length);
}
