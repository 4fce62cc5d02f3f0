import { expect } from 'storybook/test';
import { responseExamples } from '../../src/generated/api-examples';
import { bodyRows, expectTexts } from '../shared/gallery-checks.test-helper';

/** A row per webhook of the contract's example answer, each naming it and its address (never its secret). */
export function expectLoaded(slot: HTMLElement): void {
  const answer = responseExamples.channel[0];
  if (!answer) throw new Error('channel has no example answer');
  expect(bodyRows(slot)).toHaveLength(answer.channels.length);
  expectTexts(
    slot,
    answer.channels.flatMap((channel) => [channel.name, channel.url]),
  );
}
