import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

describe('seededRandom', () => {
  it('gives the same numbers for the same seed, in [0, 1), and others for another seed', () => {
    const first = Array.from({ length: 1000 }, seededRandom(7));
    expect(Array.from({ length: 1000 }, seededRandom(7))).toEqual(first);
    expect(Array.from({ length: 1000 }, seededRandom(8))).not.toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
