import { describe, expect, it } from 'vitest';
import {
  checkPeriod,
  type PeriodBounds,
  periodBounds,
  previousPeriod,
  sameTimeLastYear,
} from './report-period';

const HOUR = 3_600_000;
const shown = ({ from, to, firstDate, lastDate }: PeriodBounds) => ({
  from: new Date(from).toISOString(),
  to: new Date(to).toISOString(),
  firstDate,
  lastDate,
  hours: (to - from) / HOUR,
});

describe("a report's period", () => {
  it("is last month in the organisation's zone, 743 hours for the March the clocks went forward in", () => {
    // A monthly run at 07:00 on 1 April 2027 in Berlin reports on March.
    const march = periodBounds({ kind: 'lastMonth' }, Date.parse('2027-04-01T05:00:00Z'), 'Europe/Berlin');
    expect(shown(march)).toEqual({
      from: '2027-02-28T23:00:00.000Z',
      to: '2027-03-31T22:00:00.000Z',
      firstDate: '2027-03-01',
      lastDate: '2027-03-31',
      hours: 743,
    });
    // October, as the clocks go back: 745 hours.
    expect(
      shown(periodBounds({ kind: 'lastMonth' }, Date.parse('2027-11-01T06:00:00Z'), 'Europe/Berlin')).hours,
    ).toBe(745);
  });

  it('is the local month before, not the UTC one: just after New Year in Auckland is still December in UTC', () => {
    const december = periodBounds(
      { kind: 'lastMonth' },
      Date.parse('2026-12-31T12:00:00Z'),
      'Pacific/Auckland',
    );
    expect(december.firstDate).toBe('2026-12-01');
    expect(december.lastDate).toBe('2026-12-31');
    expect(new Date(december.to).toISOString()).toBe('2026-12-31T11:00:00.000Z');
  });

  it('is last week from Monday to Sunday, and yesterday, whatever the weekday of the run', () => {
    // Thursday 1 April 2027: the week before ran from Monday 22 to Sunday 28 March, when the clocks changed.
    const week = periodBounds({ kind: 'lastWeek' }, Date.parse('2027-04-01T10:00:00Z'), 'Europe/Berlin');
    expect(shown(week)).toEqual({
      from: '2027-03-21T23:00:00.000Z',
      to: '2027-03-28T22:00:00.000Z',
      firstDate: '2027-03-22',
      lastDate: '2027-03-28',
      hours: 167,
    });
    // On a Monday, last week is the one that ended the night before.
    expect(
      periodBounds({ kind: 'lastWeek' }, Date.parse('2027-03-29T06:00:00Z'), 'Europe/Berlin').lastDate,
    ).toBe('2027-03-28');
    expect(
      shown(periodBounds({ kind: 'yesterday' }, Date.parse('2027-03-29T06:00:00Z'), 'Europe/Berlin')),
    ).toMatchObject({
      firstDate: '2027-03-28',
      lastDate: '2027-03-28',
      hours: 23,
    });
  });

  it('is a custom range of whole local days, both ends included', () => {
    const range = periodBounds(
      { kind: 'custom', from: '2028-02-01', to: '2028-02-29' },
      0,
      'America/New_York',
    );
    expect(shown(range)).toEqual({
      from: '2028-02-01T05:00:00.000Z',
      to: '2028-03-01T05:00:00.000Z',
      firstDate: '2028-02-01',
      lastDate: '2028-02-29',
      hours: 29 * 24,
    });
  });

  it('is compared with the month before and the same month last year, however long each is', () => {
    const march = periodBounds({ kind: 'lastMonth' }, Date.parse('2028-04-02T00:00:00Z'), 'Europe/Berlin');
    expect(shown(previousPeriod(march, 'Europe/Berlin'))).toMatchObject({
      firstDate: '2028-02-01',
      lastDate: '2028-02-29',
    });
    const february = previousPeriod(march, 'Europe/Berlin');
    expect(shown(sameTimeLastYear(february, 'Europe/Berlin'))).toMatchObject({
      firstDate: '2027-02-01',
      lastDate: '2027-02-28',
      hours: 28 * 24,
    });
    // A week is compared with the week before; a range with a 29 February is last year's from the 28th.
    const week = periodBounds({ kind: 'lastWeek' }, Date.parse('2027-04-01T10:00:00Z'), 'Europe/Berlin');
    expect(shown(previousPeriod(week, 'Europe/Berlin'))).toMatchObject({
      firstDate: '2027-03-15',
      lastDate: '2027-03-21',
    });
    const leapDays = periodBounds({ kind: 'custom', from: '2028-02-29', to: '2028-03-02' }, 0, 'UTC');
    expect(shown(sameTimeLastYear(leapDays, 'UTC'))).toMatchObject({
      firstDate: '2027-02-28',
      lastDate: '2027-03-02',
    });
  });

  it('says what is wrong with a custom range, and where', () => {
    expect(checkPeriod({ kind: 'custom', from: '2027-03-10', to: '2027-03-01' })).toEqual([
      {
        pointer: '/to',
        message: 'The period is empty: it ends on 2027-03-01, before it starts on 2027-03-10',
      },
    ]);
    expect(checkPeriod({ kind: 'custom', from: '2027-02-30', to: '1 March' })).toEqual([
      { pointer: '/from', message: '"2027-02-30" is not a date: write it as YYYY-MM-DD' },
      { pointer: '/to', message: '"1 March" is not a date: write it as YYYY-MM-DD' },
    ]);
    expect(checkPeriod({ kind: 'custom', from: '2027-03-01', to: '2027-03-01' })).toEqual([]);
    expect(() => periodBounds({ kind: 'custom', from: '2027-03-10', to: '2027-03-01' }, 0, 'UTC')).toThrow(
      'The period is empty',
    );
  });
});
