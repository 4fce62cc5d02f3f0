import { describe, expect, it } from 'vitest';
import { dayNumber, easterSunday, holidayDayNumbers, isPublicHoliday, publicHolidays } from './holidays.ts';

const dates = (holidays: { date: string }[]) => holidays.map((holiday) => holiday.date);

describe('easterSunday', () => {
  it.each([
    [1818, 3, 22],
    [1943, 4, 25],
    [2000, 4, 23],
    [2019, 4, 21],
    [2024, 3, 31],
    [2025, 4, 20],
    [2026, 4, 5],
    [2038, 4, 25],
    [2285, 3, 22],
  ])('is right for %i', (year, month, day) => {
    expect(easterSunday(year)).toEqual({ month, day });
  });
});

describe('England and Wales bank holidays', () => {
  it('lists the eight of 2025', () => {
    expect(publicHolidays('GB', 2025)).toEqual([
      { date: '2025-01-01', name: "New Year's Day" },
      { date: '2025-04-18', name: 'Good Friday' },
      { date: '2025-04-21', name: 'Easter Monday' },
      { date: '2025-05-05', name: 'Early May bank holiday' },
      { date: '2025-05-26', name: 'Spring bank holiday' },
      { date: '2025-08-25', name: 'Summer bank holiday' },
      { date: '2025-12-25', name: 'Christmas Day' },
      { date: '2025-12-26', name: 'Boxing Day' },
    ]);
  });

  it('moves and adds the one-off days of 2022, with a substitute for Christmas on a Sunday', () => {
    expect(dates(publicHolidays('GB', 2022))).toEqual([
      '2022-01-01',
      '2022-01-03',
      '2022-04-15',
      '2022-04-18',
      '2022-05-02',
      '2022-06-02',
      '2022-06-03',
      '2022-08-29',
      '2022-09-19',
      '2022-12-25',
      '2022-12-26',
      '2022-12-27',
    ]);
  });

  it('gives Monday and Tuesday for Christmas on a Saturday (2021) and the Coronation in 2023', () => {
    expect(dates(publicHolidays('GB', 2021)).slice(-4)).toEqual([
      '2021-12-25',
      '2021-12-26',
      '2021-12-27',
      '2021-12-28',
    ]);
    expect(isPublicHoliday('GB', '2023-05-08')).toBe(true);
    expect(isPublicHoliday('GB', '2020-05-04')).toBe(false);
    expect(isPublicHoliday('GB', '2020-05-08')).toBe(true);
  });
});

describe('New South Wales public holidays', () => {
  it('lists 2025, with Australia Day on a Sunday observed on the Monday', () => {
    expect(publicHolidays('AU', 2025, 'NSW')).toEqual([
      { date: '2025-01-01', name: "New Year's Day" },
      { date: '2025-01-26', name: 'Australia Day' },
      { date: '2025-01-27', name: 'Australia Day (substitute day)' },
      { date: '2025-04-18', name: 'Good Friday' },
      { date: '2025-04-19', name: 'Easter Saturday' },
      { date: '2025-04-20', name: 'Easter Sunday' },
      { date: '2025-04-21', name: 'Easter Monday' },
      { date: '2025-04-25', name: 'Anzac Day' },
      { date: '2025-06-09', name: "King's Birthday" },
      { date: '2025-10-06', name: 'Labour Day' },
      { date: '2025-12-25', name: 'Christmas Day' },
      { date: '2025-12-26', name: 'Boxing Day' },
    ]);
  });

  it('has no substitute for Anzac Day on a weekend, and the 2022 day of mourning', () => {
    expect(dates(publicHolidays('AU', 2026))).toContain('2026-04-25');
    expect(dates(publicHolidays('AU', 2026))).not.toContain('2026-04-27');
    expect(isPublicHoliday('AU', '2022-09-22', 'NSW')).toBe(true);
    expect(dates(publicHolidays('AU', 2022)).slice(-3)).toEqual(['2022-12-25', '2022-12-26', '2022-12-27']);
  });
});

describe('US federal holidays', () => {
  it('lists 2026, with Independence Day on a Saturday observed on the Friday', () => {
    expect(dates(publicHolidays('US', 2026))).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-07-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it("observes a Saturday New Year's Day on 31 December of the year before", () => {
    expect(publicHolidays('US', 2021).at(-1)).toEqual({
      date: '2021-12-31',
      name: "New Year's Day (observed)",
    });
    expect(dates(publicHolidays('US', 2022))).not.toContain('2021-12-31');
    expect(dates(publicHolidays('US', 2022))).toContain('2022-06-20');
    expect(dates(publicHolidays('US', 2020))).not.toContain('2020-06-19');
  });
});

describe('holidayDayNumbers', () => {
  it('holds the day numbers of every year in the range', () => {
    const days = holidayDayNumbers('GB', 2024, 2025);
    expect(days.has(dayNumber(2024, 3, 29))).toBe(true);
    expect(days.has(dayNumber(2025, 4, 18))).toBe(true);
    expect(days.has(dayNumber(2026, 1, 1))).toBe(false);
    expect(days.size).toBe(16);
  });

  it('refuses a region it has no calendar for', () => {
    expect(() => publicHolidays('AU', 2025, 'ENG')).toThrow(/AU-ENG/);
  });
});
