import { exampleData, expectDrawnChart } from '../shared/gallery-checks.test-helper';

/** One bar per label and key that has a value, drawn in the chart. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { bars, keys } = exampleData('bar-chart', example);
  const values = bars.flatMap((bar) => keys.filter((key) => typeof bar.values[key] === 'number'));
  expectDrawnChart(slot, 'rect', values.length);
}
