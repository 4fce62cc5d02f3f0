import { describe, expect, it } from 'vitest';
import { chooseKnots, segmentShares, temperatureEffect } from './temperature-segments';

const evenlySpread = (from: number, to: number, count: number) =>
  Array.from({ length: count }, (_, i) => from + ((to - from) * i) / (count - 1));

describe('temperature segments', () => {
  it('puts five knots at the sextiles of well-spread temperatures', () => {
    const knots = chooseKnots(evenlySpread(-10, 20, 601)) ?? [];
    expect(knots).toHaveLength(5);
    knots.forEach((knot, i) => {
      expect(knot).toBeCloseTo(-5 + 5 * i, 0);
    });
  });

  it('merges segments that would be narrower than 2 °C, and gives no response to a flat temperature', () => {
    // Most hours at 10 °C with a few either side: the sextiles coincide.
    const clustered = [
      ...evenlySpread(9.9, 10.1, 500),
      ...evenlySpread(0, 5, 100),
      ...evenlySpread(15, 20, 100),
    ];
    const knots = chooseKnots(clustered) ?? [];
    expect(knots.length).toBeLessThan(3);
    for (let i = 1; i < knots.length; i++)
      expect((knots[i] ?? 0) - (knots[i - 1] ?? 0)).toBeGreaterThanOrEqual(2);
    expect(chooseKnots(evenlySpread(10, 11, 500))).toBeNull();
    // The last sextile (10 °C) is 1.5 °C from the warmest hour: that segment merges into the one below.
    const knotsBelowTop = chooseKnots([...evenlySpread(0, 9.98, 500), ...evenlySpread(10, 11.5, 100)]);
    expect(knotsBelowTop?.map((knot) => Math.round(knot))).toEqual([2, 4, 6, 8]);
  });

  it('splits a temperature into its share of each segment', () => {
    const shares = new Float64Array(3);
    segmentShares(12, [0, 10], shares);
    expect([...shares]).toEqual([0, 10, 2]);
    segmentShares(-4, [0, 10], shares);
    expect([...shares]).toEqual([-4, 0, 0]);
  });

  it('is continuous and follows each segment’s slope, relative to 0 °C', () => {
    const response = { knots: [0, 10], slopes: [-3, -2, 1] };
    expect(temperatureEffect(response, 0)).toBe(0);
    expect(temperatureEffect(response, -4)).toBe(12);
    expect(temperatureEffect(response, 10)).toBe(-20);
    expect(temperatureEffect(response, 15)).toBe(-15);
  });
});
