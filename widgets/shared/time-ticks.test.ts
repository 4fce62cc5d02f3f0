import { describe, expect, it } from 'vitest';
import { ticksThatFit, timeTickValues } from './time-ticks';

const DAY = 86_400_000;
const first = new Date(2026, 9, 30, 13, 20).getTime();

describe('time axis ticks', () => {
  it('fit as many labels as the axis has room for: three dates on a phone, eight at most on a desk', () => {
    // A 390 px screen leaves the consumption chart an axis of about 230 px.
    expect(ticksThatFit(230, '%b %d')).toBe(3);
    expect(ticksThatFit(900, '%b %d')).toBe(8);
    expect(ticksThatFit(40, '%H:%M')).toBe(2);
  });

  it('put dates on local midnights, an equal number of days apart, never more than asked', () => {
    for (const count of [2, 3, 5, 8]) {
      const ticks = timeTickValues(first, first + 30 * DAY, '%b %d', count);
      expect(ticks.length, `${count}`).toBeLessThanOrEqual(count);
      expect(ticks.length, `${count}`).toBeGreaterThanOrEqual(Math.ceil(count / 2));
      for (const tick of ticks) expect([tick.getHours(), tick.getMinutes()]).toEqual([0, 0]);
      const gaps = ticks
        .slice(1)
        .map((tick, index) => Math.round((tick.getTime() - (ticks[index] as Date).getTime()) / DAY));
      expect(new Set(gaps).size, `${count}: ${gaps}`).toBeLessThanOrEqual(1);
      expect((ticks[0] as Date).getTime()).toBeGreaterThanOrEqual(first);
      expect((ticks.at(-1) as Date).getTime()).toBeLessThanOrEqual(first + 30 * DAY);
    }
  });

  it('put hours on whole hours within two days, and months on their firsts beyond a year', () => {
    const hours = timeTickValues(first, first + 2 * DAY, '%H:%M', 4);
    expect(hours.length).toBeLessThanOrEqual(4);
    for (const tick of hours) expect(tick.getMinutes()).toBe(0);
    const months = timeTickValues(first, first + 700 * DAY, '%b %Y', 5);
    expect(months.length).toBeLessThanOrEqual(5);
    for (const tick of months) expect(tick.getDate()).toBe(1);
  });

  it('give one tick for a single instant and none for no data', () => {
    expect(timeTickValues(first, first, '%b %d', 5)).toEqual([new Date(first)]);
    expect(timeTickValues(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '%b %d', 5)).toEqual([]);
  });
});
