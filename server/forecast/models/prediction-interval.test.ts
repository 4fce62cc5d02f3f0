import { describe, expect, it } from 'vitest';
import { predictionInterval, quantile, residuals } from './prediction-interval';

describe('prediction interval', () => {
  it('takes quantiles between order statistics', () => {
    const values = [5, 1, 4, 2, 3];
    expect(quantile(values, 0)).toBe(1);
    expect(quantile(values, 0.5)).toBe(3);
    expect(quantile(values, 0.9)).toBeCloseTo(4.6, 10);
    expect(quantile(values, 1)).toBe(5);
  });

  it('adds the backtest errors’ 5th and 95th percentiles to the forecast', () => {
    const errors = Array.from({ length: 101 }, (_, i) => i - 50); // −50..50
    const { lower, upper } = predictionInterval([100, 200], errors, { coverage: 0.9, nonNegative: true });
    expect(lower).toEqual([55, 155]);
    expect(upper).toEqual([145, 245]);
  });

  it('keeps consumption at or above zero, and lets a state go negative', () => {
    const errors = [-10, 0, 10];
    expect(predictionInterval([-1, 3], errors, { coverage: 0.9, nonNegative: true })).toEqual({
      forecast: [0, 3],
      lower: [0, 0],
      upper: [8, 12],
    });
    expect(predictionInterval([3], errors, { coverage: 0.9, nonNegative: false }).lower).toEqual([-6]);
  });

  it('pairs actuals with predictions, skipping gaps', () => {
    expect(residuals([10, null, 7], [8, 5, 9])).toEqual([2, -2]);
  });
});
