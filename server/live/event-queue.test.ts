import { getEventListeners } from 'node:events';
import { expect, it } from 'vitest';
import { EventQueue } from './event-queue';

it('hands events on in order, keeps one abort listener however long it waits, and ends with its signal', async () => {
  const queue = new EventQueue<number>(3);
  const controller = new AbortController();
  const seen: number[] = [];
  const reading = (async () => {
    for await (const event of queue.until(controller.signal)) seen.push(event);
  })();
  for (let round = 0; round < 20; round++) {
    queue.push(round);
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Twenty waits, one listener: a stream open for hours would otherwise gather one per event.
  expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
  controller.abort();
  await reading;
  expect(seen).toEqual(Array.from({ length: 20 }, (_, index) => index));
  expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
});

it('keeps the newest events when its reader falls behind', async () => {
  const queue = new EventQueue<number>(3);
  for (const event of [1, 2, 3, 4, 5]) queue.push(event);
  const controller = new AbortController();
  const seen: number[] = [];
  for await (const event of queue.until(controller.signal)) {
    seen.push(event);
    if (seen.length === 3) controller.abort();
  }
  expect(seen).toEqual([3, 4, 5]);
});
