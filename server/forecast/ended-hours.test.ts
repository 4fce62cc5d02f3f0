import { describe, expect, it } from 'vitest';
import type { ComputedSeries } from '../explorer/point-series';
import { endedHours } from './forecast-inputs';

const HOUR = 3_600_000;

describe('the hours compared with a forecast', () => {
  it('leave out the hour under way, whose first quarters would read as a drop', () => {
    const start = Date.parse('2026-12-02T05:00:00Z');
    const series = {
      series: { t: [start, start + HOUR, start + 2 * HOUR], v: [40, 42, 3] },
    } as ComputedSeries;
    const now = start + 2 * HOUR + 20 * 60_000;
    expect([...endedHours(series, now)]).toEqual([
      [start, 40],
      [start + HOUR, 42],
      [start + 2 * HOUR, null],
    ]);
    expect(endedHours(series, start + 3 * HOUR).get(start + 2 * HOUR)).toBe(3);
  });
});
