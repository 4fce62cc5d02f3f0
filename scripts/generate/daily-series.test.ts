import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../server/demo/seeded-random';
import { dailySeries } from './daily-series';

describe('demo data', () => {
  it('is the same for the same seed', () => {
    expect(dailySeries(seededRandom(7)).slice(0, 50)).toEqual(dailySeries(seededRandom(7)).slice(0, 50));
  });

  it("matches the spec's daily series: weekdays only, 2007 to 2018, values 0.63 to 0.97", () => {
    const series = dailySeries(seededRandom(1));
    expect(new Date(series[0]?.[0] as number).getUTCFullYear()).toBe(2007);
    expect(new Date(series.at(-1)?.[0] as number).getUTCFullYear()).toBe(2018);
    for (const [time, value] of series) {
      expect([0, 6]).not.toContain(new Date(time).getUTCDay());
      expect(value).toBeGreaterThanOrEqual(0.63);
      expect(value).toBeLessThanOrEqual(0.97);
    }
    // Weekdays in twelve years, less holidays and a few missing days.
    expect(series.length).toBeGreaterThan(2900);
    expect(series.length).toBeLessThan(3131);
  });
});
