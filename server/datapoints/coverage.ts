import {
  localDate,
  localDayStart as localDayStartMs,
  type ZoneOffset,
  zoneOffset,
} from '../../src/time/zone-offsets';

/** Coverage looks back this many complete local days. */
export const COVERAGE_DAYS = 30;

const DAY = 86_400_000;

/** A local calendar day of the coverage window and how many readings it should have. */
export interface ExpectedDay {
  day: string;
  expected: number;
}

/** The instant a local calendar day (YYYY-MM-DD) begins in a zone. */
function localDayStart(offset: ZoneOffset, day: string): number {
  return localDayStartMs(offset, Date.parse(`${day}T00:00:00Z`) / DAY);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
}

/**
 * The complete local days before today, in the data point's zone, each with
 * the number of intervals it really has: 92 quarter-hours on the 23-hour day
 * when clocks go forward, 100 on the 25-hour day when they go back. Today is
 * left out because it is not over: counting it would show every point as
 * partly missing every morning.
 */
export function expectedDays(timeZone: string, intervalMinutes: number, now: number): ExpectedDay[] {
  const offset = zoneOffset(timeZone);
  const today = localDate(offset, now);
  let day = new Date(Date.parse(`${today}T00:00:00Z`) - COVERAGE_DAYS * DAY).toISOString().slice(0, 10);
  const days: ExpectedDay[] = [];
  while (day !== today) {
    const following = nextDay(day);
    const minutes = (localDayStart(offset, following) - localDayStart(offset, day)) / 60_000;
    days.push({ day, expected: Math.floor(minutes / intervalMinutes) });
    day = following;
  }
  return days;
}

/**
 * expectedDays for many points at one moment: worked out once per time zone
 * and interval, which a list of an organisation's points shares a handful of
 * (the days' walk cost a listing of 36 points about 1.3 ms of its 5).
 */
export function expectedDaysAt(now: number): (timeZone: string, intervalMinutes: number) => ExpectedDay[] {
  const known = new Map<string, ExpectedDay[]>();
  return (timeZone, intervalMinutes) => {
    const key = `${intervalMinutes} ${timeZone}`;
    let days = known.get(key);
    if (!days) {
      days = expectedDays(timeZone, intervalMinutes, now);
      known.set(key, days);
    }
    return days;
  };
}

/**
 * Percentage of expected readings that arrived over the window, to one
 * decimal. A day with more readings than intervals (irregular timestamps)
 * counts as complete rather than making up for a missing day.
 */
export function coveragePercent(days: ExpectedDay[], readingsByDay: ReadonlyMap<string, number>): number {
  let expected = 0;
  let present = 0;
  for (const { day, expected: due } of days) {
    expected += due;
    present += Math.min(readingsByDay.get(day) ?? 0, due);
  }
  return expected === 0 ? 0 : Math.round((present / expected) * 1000) / 10;
}
