import { expect } from 'storybook/test';
import { responseExamples } from '../../src/generated/api-examples';
import { bodyRows, expectTexts } from '../shared/gallery-checks.test-helper';

/** A row per rule of the contract's example answer, each naming its rule and data point. */
export function expectLoaded(slot: HTMLElement): void {
  const answer = responseExamples.thresholds[0];
  if (!answer) throw new Error('thresholds has no example answer');
  expect(bodyRows(slot)).toHaveLength(answer.rules.length);
  expectTexts(
    slot,
    answer.rules.flatMap((rule) => [rule.name, rule.dataPointName]),
  );
}
