import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSchedule, nextRunAfter, nextRuns, type ReportSchedule } from './report-schedule';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const runs = (
  schedule: ReportSchedule,
  after: string,
  timeZone: string,
  count: number,
  holidays?: string[],
) => nextRuns(schedule, at(after), timeZone, count, { holidays: new Set(holidays) }).map(iso);

/** The local date, weekday and time of day an instant had in a zone, read by the platform's Intl, not our clock. */
function localOf(ms: number, timeZone: string): { date: string; weekday: number; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: weekdays.indexOf(parts.weekday as string) + 1,
    time: `${parts.hour}:${parts.minute}`,
  };
}

describe('a monthly report schedule', () => {
  it('sends "the 31st" on the last day of shorter months, February of a leap year included', () => {
    expect(
      runs({ every: 'month', on: { day: 31 }, at: '07:00' }, '2027-12-01T00:00:00Z', 'Europe/London', 4),
    ).toEqual([
      '2027-12-31T07:00:00.000Z',
      '2028-01-31T07:00:00.000Z',
      '2028-02-29T07:00:00.000Z',
      '2028-03-31T06:00:00.000Z', // British Summer Time since the 26th
    ]);
    expect(
      runs({ every: 'month', on: { day: 30 }, at: '07:00' }, '2027-01-31T00:00:00Z', 'Europe/London', 2),
    ).toEqual(['2027-02-28T07:00:00.000Z', '2027-03-30T06:00:00.000Z']);
  });

  it('sends on the last day of each month', () => {
    expect(
      runs({ every: 'month', on: { lastDay: true }, at: '18:00' }, '2027-04-01T00:00:00Z', 'UTC', 3),
    ).toEqual(['2027-04-30T18:00:00.000Z', '2027-05-31T18:00:00.000Z', '2027-06-30T18:00:00.000Z']);
  });

  it('sends on the first working day, after a New Year holiday and its weekend', () => {
    // 1 January 2027 is a Friday and a public holiday: the first working day is Monday the 4th.
    expect(
      runs(
        { every: 'month', on: { workingDay: 1 }, at: '07:00' },
        '2026-12-15T00:00:00Z',
        'Europe/Berlin',
        3,
        ['2026-12-25', '2026-12-26', '2027-01-01'],
      ),
    ).toEqual(['2027-01-04T06:00:00.000Z', '2027-02-01T06:00:00.000Z', '2027-03-01T06:00:00.000Z']);
    // Without the holiday, Friday the 1st is the first working day.
    expect(
      runs(
        { every: 'month', on: { workingDay: 1 }, at: '07:00' },
        '2026-12-15T00:00:00Z',
        'Europe/Berlin',
        1,
      ),
    ).toEqual(['2027-01-01T06:00:00.000Z']);
  });

  it('counts working days past weekends and holidays', () => {
    // May 2027 in Berlin: Saturday the 1st is Labour Day, then Monday the 3rd, Tuesday the 4th,
    // Wednesday the 5th, Ascension on Thursday the 6th, Friday the 7th.
    const fourthWorkingDay = (holidays: string[]) =>
      runs(
        { every: 'month', on: { workingDay: 4 }, at: '09:30' },
        '2027-04-30T00:00:00Z',
        'Europe/Berlin',
        1,
        holidays,
      );
    expect(fourthWorkingDay(['2027-05-01'])).toEqual(['2027-05-06T07:30:00.000Z']);
    expect(fourthWorkingDay(['2027-05-01', '2027-05-06'])).toEqual(['2027-05-07T07:30:00.000Z']);
  });

  it('keeps its local time across daylight saving, on either side of the world', () => {
    // Sydney leaves daylight saving on 4 April 2027 (UTC+11 to UTC+10).
    expect(
      runs({ every: 'month', on: { day: 1 }, at: '07:00' }, '2027-02-15T00:00:00Z', 'Australia/Sydney', 3),
    ).toEqual(['2027-02-28T20:00:00.000Z', '2027-03-31T20:00:00.000Z', '2027-04-30T21:00:00.000Z']);
  });
});

describe('a daily or weekly report schedule', () => {
  it('runs at 07:00 local time on both sides of the spring change', () => {
    // Berlin moves from UTC+1 to UTC+2 on Sunday 28 March 2027.
    expect(runs({ every: 'day', at: '07:00' }, '2027-03-27T00:00:00Z', 'Europe/Berlin', 3)).toEqual([
      '2027-03-27T06:00:00.000Z',
      '2027-03-28T05:00:00.000Z',
      '2027-03-29T05:00:00.000Z',
    ]);
  });

  it('runs a time the clocks skip just past the gap, and a time they show twice only once', () => {
    // 02:30 did not happen in Berlin on 28 March 2027: the run is at 03:30 local time.
    expect(runs({ every: 'day', at: '02:30' }, '2027-03-27T12:00:00Z', 'Europe/Berlin', 2)).toEqual([
      '2027-03-28T01:30:00.000Z',
      '2027-03-29T00:30:00.000Z',
    ]);
    // 02:30 happened twice on 31 October 2027: the run is at the first, and the next is a day later.
    expect(runs({ every: 'day', at: '02:30' }, '2027-10-30T12:00:00Z', 'Europe/Berlin', 2)).toEqual([
      '2027-10-31T00:30:00.000Z',
      '2027-11-01T01:30:00.000Z',
    ]);
    // Asked just after the first 02:30, it does not run again at the second.
    expect(
      iso(nextRunAfter({ every: 'day', at: '02:30' }, at('2027-10-31T00:30:00.001Z'), 'Europe/Berlin')),
    ).toBe('2027-11-01T01:30:00.000Z');
  });

  it('runs on working days only when asked, past weekends and holidays', () => {
    expect(
      runs({ every: 'day', at: '06:00', workingDaysOnly: true }, '2026-12-23T12:00:00Z', 'Europe/London', 3, [
        '2026-12-25',
        '2026-12-28',
      ]),
    ).toEqual(['2026-12-24T06:00:00.000Z', '2026-12-29T06:00:00.000Z', '2026-12-30T06:00:00.000Z']);
  });

  it('runs weekly on its weekday across the American autumn change', () => {
    // New York leaves daylight saving on Sunday 7 November 2027.
    expect(
      runs({ every: 'week', weekday: 1, at: '08:00' }, '2027-10-30T00:00:00Z', 'America/New_York', 3),
    ).toEqual(['2027-11-01T12:00:00.000Z', '2027-11-08T13:00:00.000Z', '2027-11-15T13:00:00.000Z']);
  });

  it('is the same run whether asked a day or a millisecond before it, and the next once it is past', () => {
    const schedule: ReportSchedule = { every: 'week', weekday: 5, at: '23:30' };
    const run = nextRunAfter(schedule, at('2027-06-01T00:00:00Z'), 'Pacific/Auckland');
    expect(nextRunAfter(schedule, run - 1, 'Pacific/Auckland')).toBe(run);
    expect(nextRunAfter(schedule, run, 'Pacific/Auckland')).toBe(run + 7 * 86_400_000);
  });
});

describe('a schedule that cannot run', () => {
  it('says what is wrong and where', () => {
    expect(checkSchedule({ every: 'day', at: '7:00' })).toEqual([
      { pointer: '/at', message: '"7:00" is not a time of day: write it as HH:mm, 00:00 to 23:59' },
    ]);
    expect(checkSchedule({ every: 'week', weekday: 8, at: '24:00' }).map((p) => p.pointer)).toEqual([
      '/at',
      '/weekday',
    ]);
    expect(checkSchedule({ every: 'month', on: { day: 0 }, at: '07:00' })).toEqual([
      { pointer: '/on/day', message: 'The day of the month must be 1 to 31' },
    ]);
    expect(checkSchedule({ every: 'month', on: { workingDay: 24 }, at: '07:00' })).toEqual([
      {
        pointer: '/on/workingDay',
        message: 'The working day of the month must be 1 to 23: no month has more',
      },
    ]);
    expect(() => nextRunAfter({ every: 'day', at: '25:00' }, 0, 'UTC')).toThrow(
      '"25:00" is not a time of day',
    );
    expect(() => nextRunAfter({ every: 'day', at: '07:00' }, 0, 'Mars/Olympus')).toThrow(
      '"Mars/Olympus" is not a known time zone',
    );
  });

  it('gives up, saying so, where every working day of the year is a holiday', () => {
    const everyDay = new Set(
      Array.from({ length: 900 }, (_, day) => new Date(day * 86_400_000).toISOString().slice(0, 10)),
    );
    expect(() =>
      nextRunAfter({ every: 'day', at: '07:00', workingDaysOnly: true }, 0, 'UTC', { holidays: everyDay }),
    ).toThrow('the schedule has no run within 800 days');
  });
});

describe('every schedule, in any zone, read back through Intl', () => {
  const zones = [
    'UTC',
    'Europe/Berlin',
    'America/New_York',
    'Australia/Sydney',
    'Asia/Kolkata',
    'America/Santiago',
  ];
  const clockTime = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  const schedule: fc.Arbitrary<ReportSchedule> = fc.oneof(
    fc.record({ every: fc.constant('day' as const), at: clockTime, workingDaysOnly: fc.boolean() }),
    fc.record({
      every: fc.constant('week' as const),
      weekday: fc.integer({ min: 1, max: 7 }),
      at: clockTime,
    }),
    fc.record({
      every: fc.constant('month' as const),
      on: fc.oneof(
        fc.record({ day: fc.integer({ min: 1, max: 31 }) }),
        fc.constant({ lastDay: true as const }),
        fc.record({ workingDay: fc.integer({ min: 1, max: 20 }) }),
      ),
      at: clockTime,
    }),
  );

  it('runs after the moment asked, on a day the schedule names, at its time unless the clocks skipped it, missing none', () => {
    fc.assert(
      fc.property(
        schedule,
        fc.constantFrom(...zones),
        fc.integer({ min: Date.parse('2020-01-01'), max: Date.parse('2035-01-01') }),
        (schedule, timeZone, after) => {
          const run = nextRunAfter(schedule, after, timeZone);
          expect(run).toBeGreaterThan(after);
          // Nothing between: asked again a millisecond before the run, the answer is the same run.
          expect(nextRunAfter(schedule, run - 1, timeZone)).toBe(run);
          const local = localOf(run, timeZone);
          // At its time, or, where the clocks skipped it, within the hour after (Santiago's and Berlin's gaps are an hour).
          if (local.time !== schedule.at) {
            const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
            const late = minutes(local.time) - minutes(schedule.at);
            expect(late > 0 && late <= 60, `${local.date} ${local.time} for ${schedule.at}`).toBe(true);
          }
          const weekend = local.weekday >= 6;
          if (schedule.every === 'day' && schedule.workingDaysOnly) expect(weekend).toBe(false);
          if (schedule.every === 'week') expect(local.weekday).toBe(schedule.weekday);
          if (schedule.every === 'month') {
            const [year, month, date] = local.date.split('-').map(Number) as [number, number, number];
            const monthLength = new Date(Date.UTC(year, month, 0)).getUTCDate();
            const on = schedule.on;
            // No month is skipped: the run is in the month asked in or the one after it.
            const askedIn = localOf(after, timeZone).date.split('-').map(Number) as [number, number];
            expect((year - askedIn[0]) * 12 + month - askedIn[1]).toBeLessThanOrEqual(1);
            // Every month has its run: the one after this is in the next month.
            if (!('workingDay' in on)) {
              const next = localOf(nextRunAfter(schedule, run, timeZone), timeZone)
                .date.split('-')
                .map(Number);
              expect(((next[0] as number) - year) * 12 + (next[1] as number) - month).toBe(1);
            }
            if ('lastDay' in on) expect(date).toBe(monthLength);
            if ('day' in on) expect(date).toBe(Math.min(on.day, monthLength));
            if ('workingDay' in on) {
              expect(weekend).toBe(false);
              const workingBefore = Array.from(
                { length: date - 1 },
                (_, index) => new Date(Date.UTC(year, month - 1, index + 1)),
              ).filter((day) => day.getUTCDay() !== 0 && day.getUTCDay() !== 6).length;
              expect(workingBefore).toBe(on.workingDay - 1);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
