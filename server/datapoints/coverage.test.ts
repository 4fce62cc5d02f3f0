import { describe, expect, it } from 'vitest';
import { COVERAGE_DAYS, coveragePercent, expectedDays, expectedDaysAt } from './coverage';

describe('coverage', () => {
  it('counts the 30 complete local days before today, with their real number of intervals', () => {
    const days = expectedDays('Europe/London', 15, Date.parse('2024-04-10T12:00:00Z'));
    expect(days).toHaveLength(COVERAGE_DAYS);
    expect(days[0]?.day).toBe('2024-03-11');
    expect(days.at(-1)?.day).toBe('2024-04-09');
    // Clocks went forward on 31 March: 23 hours, 92 quarter hours.
    expect(days.find((day) => day.day === '2024-03-31')?.expected).toBe(92);
    expect(days.find((day) => day.day === '2024-04-01')?.expected).toBe(96);
  });

  it('gives the 25-hour autumn day 100 quarter hours and 25 hourly readings', () => {
    const now = Date.parse('2024-11-01T09:00:00Z');
    expect(expectedDays('Europe/London', 15, now).find((day) => day.day === '2024-10-27')?.expected).toBe(
      100,
    );
    expect(expectedDays('Europe/London', 60, now).find((day) => day.day === '2024-10-27')?.expected).toBe(25);
  });

  it('works a list of points out once per zone and interval, each point still getting its own', () => {
    const now = Date.parse('2024-11-01T09:00:00Z');
    const expectedFor = expectedDaysAt(now);
    const london15 = expectedFor('Europe/London', 15);
    expect(expectedFor('Europe/London', 15)).toBe(london15);
    for (const [zone, interval] of [
      ['Europe/London', 15],
      ['Europe/London', 60],
      ['Australia/Sydney', 15],
    ] as const) {
      expect(expectedFor(zone, interval)).toEqual(expectedDays(zone, interval, now));
    }
  });

  it("takes today from the point's zone, not from UTC", () => {
    // 23:30 UTC on 9 April is already 10 April in Sydney: 9 April is then complete there.
    const now = Date.parse('2024-04-09T23:30:00Z');
    expect(expectedDays('Australia/Sydney', 15, now).at(-1)?.day).toBe('2024-04-09');
    expect(expectedDays('America/New_York', 15, now).at(-1)?.day).toBe('2024-04-08');
  });

  it('is the share of expected readings present, to one decimal, a full day never making up for a missing one', () => {
    const days = expectedDays('Europe/London', 15, Date.parse('2024-04-10T12:00:00Z'));
    const total = 29 * 96 + 92;
    const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
    const readings = new Map([
      [dayNumber('2024-03-31'), 92],
      [dayNumber('2024-04-09'), 48],
      // 5-minute data on a 15-minute point: complete, not 300 %.
      [dayNumber('2024-04-08'), 288],
      [dayNumber('2024-02-01'), 96],
    ]);
    expect(coveragePercent(days, readings)).toBe(Math.round(((92 + 48 + 96) / total) * 1000) / 10);
    expect(coveragePercent(days, readings)).toBe(8.2);
    expect(coveragePercent(days, new Map())).toBe(0);
    expect(coveragePercent(days, new Map(days.map((day) => [day.dayNumber, day.expected])))).toBe(100);
  });
});
