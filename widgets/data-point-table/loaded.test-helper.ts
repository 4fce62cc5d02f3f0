import { expect } from 'storybook/test';
import { responseExamples } from '../../src/generated/api-examples';
import { bodyRows, expectTexts } from '../shared/gallery-checks.test-helper';

/** A row per data point, each with its name. */
export function expectLoaded(slot: HTMLElement): void {
  const points = responseExamples.getDataPoint[0].dataPoints;
  expect(bodyRows(slot).length).toBeGreaterThanOrEqual(points.length);
  expectTexts(
    slot,
    points.map((point) => point.name),
  );
}
