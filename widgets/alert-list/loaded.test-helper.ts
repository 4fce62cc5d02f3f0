import { expect } from 'storybook/test';
import { responseExamples } from '../../src/generated/api-examples';
import { bodyRows, expectTexts } from '../shared/gallery-checks.test-helper';

/** A row per alert of the contract's example answer, each naming its rule and data point. */
export function expectLoaded(slot: HTMLElement): void {
  const answer = responseExamples.alerts[0];
  if (!answer) throw new Error('alerts has no example answer');
  expect(bodyRows(slot)).toHaveLength(answer.alerts.length);
  expectTexts(
    slot,
    answer.alerts.flatMap((alert) => [alert.ruleName, alert.dataPointName]),
  );
}
