import { describe, expect, it } from 'vitest';
import { repeatedInstants } from './repeated-instants';

/** Positions that count how often they are read: a series in time order should never be looked through. */
function countedPositions(length: number) {
  const reads = { count: 0 };
  const positions = new Proxy(
    Array.from({ length }, (_, index) => index),
    {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.count++;
        return Reflect.get(target, key, receiver);
      },
    },
  );
  return { positions, reads };
}

describe('readings that repeat an instant', () => {
  it('are none in a series in strict time order, rising or falling, which is not looked through', () => {
    for (const ts of [
      [1, 2, 3, 10],
      [10, 3, 2, 1],
    ]) {
      const { positions, reads } = countedPositions(ts.length);
      expect(repeatedInstants([{ ts, positions }], 10)).toBeUndefined();
      expect(reads.count).toBe(0);
    }
  });

  it('point at the earliest reading of their instant, and count the same instant only within a series', () => {
    const found = repeatedInstants(
      [
        { ts: [1, 2, 1, 1], positions: [0, 1, 3, 5] },
        { ts: [1, 2], positions: [2, 4] },
      ],
      10,
    );
    expect(found).toEqual({
      count: 2,
      first: [
        { position: 3, sameInstantAs: 0 },
        { position: 5, sameInstantAs: 0 },
      ],
    });
  });

  it('list the first by position across all series, however many a series before them has', () => {
    const late = { ts: [5, 5, 5, 5, 5], positions: [10, 11, 12, 13, 14] };
    const early = { ts: [7, 8, 7], positions: [0, 1, 2] };
    expect(repeatedInstants([late, early], 2)).toEqual({
      count: 5,
      first: [
        { position: 2, sameInstantAs: 0 },
        { position: 11, sameInstantAs: 10 },
      ],
    });
  });
});
