import { expect } from 'storybook/test';
import { responseExamples } from '../../src/generated/api-examples';

/** The form shows the contract's example choice: its least severity chosen in the select. */
export function expectLoaded(slot: HTMLElement): void {
  const answer = responseExamples.notificationChoices[0];
  if (!answer) throw new Error('notificationChoices has no example answer');
  const select = slot.querySelector('select');
  expect(select?.value).toBe(answer.choices.mailFrom);
}
