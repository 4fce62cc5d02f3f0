import { describe, expect, it } from 'vitest';
import { combine } from './figure';

function summary(values: Partial<Record<'min' | 'max' | 'mean' | 'total', number | null>>, buckets = 24) {
  return { min: null, max: null, mean: null, total: null, coverage: 100, buckets, ...values };
}

describe('combining several data points', () => {
  it('adds totals, averages means and takes the extremes, leaving out points without data', () => {
    const summaries = [
      summary({ total: 10, mean: 20, max: 25, min: 18 }),
      summary({ total: 5, mean: 22, max: 24, min: 17 }),
      summary({ total: 99, mean: 99 }, 0),
    ];
    expect(combine(summaries, 'total')).toBe(15);
    expect(combine(summaries, 'mean')).toBe(21);
    expect(combine(summaries, 'max')).toBe(25);
    expect(combine(summaries, 'min')).toBe(17);
    expect(combine([summary({}, 0)], 'total')).toBeNull();
  });
});
