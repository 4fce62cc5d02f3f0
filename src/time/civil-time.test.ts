import { describe, expect, it } from 'vitest';
import { DAY_MS, daysFromCivil, daysInMonth, formatWallTime, monthName, wallTimeMs } from './civil-time';

describe('civil time', () => {
  it('counts days from 1970-01-01 like Date.UTC', () => {
    for (const [year, month, day] of [
      [1970, 1, 1],
      [1969, 12, 31],
      [2000, 2, 29],
      [2024, 3, 31],
      [2100, 3, 1],
      [1900, 3, 1],
    ] as const) {
      expect(daysFromCivil(year, month, day)).toBe(Date.UTC(year, month - 1, day) / DAY_MS);
    }
  });

  it('has no two-digit-year quirk', () => {
    expect(daysFromCivil(50, 1, 1)).toBe(new Date('0050-01-01T00:00:00Z').getTime() / DAY_MS);
  });

  it('builds wall times, rolling hour 24 into the next day', () => {
    expect(wallTimeMs(2024, 3, 31, 1, 15, 30, 250)).toBe(Date.UTC(2024, 2, 31, 1, 15, 30, 250));
    expect(wallTimeMs(2024, 12, 31, 24, 0, 0, 0)).toBe(Date.UTC(2025, 0, 1));
  });

  it('knows month lengths, leap years included', () => {
    expect([1, 2, 4, 12].map((month) => daysInMonth(2023, month))).toEqual([31, 28, 30, 31]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(monthName(2)).toBe('February');
  });

  it('formats wall times without milliseconds', () => {
    expect(formatWallTime(Date.UTC(2024, 2, 31, 1, 5, 9, 999))).toBe('2024-03-31 01:05:09');
  });
});
