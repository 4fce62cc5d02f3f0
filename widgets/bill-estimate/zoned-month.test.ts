import { describe, expect, it } from 'vitest';
import { lastMonth, zonedMonth } from './zoned-month';

describe('a month in a site’s time zone', () => {
  it('starts and ends at local midnights, across a change of clocks', () => {
    expect(zonedMonth('2026-03', 'Europe/Berlin')).toEqual({
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-31T22:00:00.000Z',
    });
    expect(zonedMonth('2026-10', 'Australia/Sydney')).toEqual({
      from: '2026-09-30T14:00:00.000Z',
      to: '2026-10-31T13:00:00.000Z',
    });
    expect(zonedMonth('2026-12', 'America/New_York')).toEqual({
      from: '2026-12-01T05:00:00.000Z',
      to: '2027-01-01T05:00:00.000Z',
    });
  });

  it('takes the month before as the last one invoiced, across a new year', () => {
    expect(lastMonth(new Date(2026, 0, 15))).toBe('2025-12');
    expect(lastMonth(new Date(2026, 10, 27))).toBe('2026-10');
  });
});
