import { expect } from 'storybook/test';
import { responseExamples } from '../../src/generated/api-examples';

/** A row per ranked consumer, the largest first, by name. */
export function expectLoaded(slot: HTMLElement): void {
  const rankings = responseExamples.usage.filter((answer) => 'ranking' in answer);
  const shown = slot.textContent ?? '';
  const ranking = rankings.find((answer) => answer.ranking?.every((row) => shown.includes(row.name)));
  expect(ranking, 'one of the usage examples ranked in full').toBeDefined();
}
