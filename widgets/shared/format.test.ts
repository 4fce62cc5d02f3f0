import { describe, expect, it } from 'vitest';
import { formatValue, tickDecimals } from './format';

describe('axis ticks', () => {
  it('have as many decimals as their step, so neighbouring ticks never print alike', () => {
    // 20.49 to 20.51 in five ticks: a step of 0.005.
    expect(tickDecimals(0.02, 5)).toBe(3);
    expect(tickDecimals(0.05, 5)).toBe(2);
    expect(tickDecimals(1, 5)).toBe(1);
    expect(tickDecimals(40_000, 5)).toBe(0);
    expect(tickDecimals(0, 5)).toBe(0);
    const decimals = tickDecimals(0.02, 5);
    const ticks = [20.49, 20.495, 20.5, 20.505, 20.51].map((value) =>
      formatValue(value, undefined, decimals),
    );
    expect(new Set(ticks).size).toBe(5);
  });
});
