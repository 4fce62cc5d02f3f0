import { expect } from 'storybook/test';
import { responseExamples } from '../../src/generated/api-examples';

/** The builder offers the contract's example rules to open, each by its name. */
export function expectLoaded(slot: HTMLElement): void {
  const answer = responseExamples.thresholds[0];
  if (!answer) throw new Error('thresholds has no example answer');
  const offered = [...slot.querySelectorAll('option')].map((option) => option.textContent);
  for (const rule of answer.rules) expect(offered).toContain(rule.name);
}
