import { expect } from 'storybook/test';
import { responseExamples } from '../../src/generated/api-examples';
import { bodyRows, expectTexts } from '../shared/gallery-checks.test-helper';

/** A row per step of the answer the example's request gets, each naming its data point. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  // The first example lists the organisation's open steps; the second, one data point's.
  const answer = responseExamples.registerSteps[example === 0 ? 0 : 1];
  if (!answer) throw new Error('registerSteps has no example answer for one data point');
  const { steps } = answer;
  expect(bodyRows(slot)).toHaveLength(steps.length);
  expectTexts(
    slot,
    steps.map((step) => step.dataPointName),
  );
}
