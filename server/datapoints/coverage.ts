import { isoDateOfDay } from '../../src/time/civil-time';
import { localDayNumber, localDayStart, zoneOffset } from '../../src/time/zone-offsets';

/** Coverage looks back this many complete local days. */
export const COVERAGE_DAYS = 30;

/** A local calendar day of the coverage window and how many readings it should have. */
export interface ExpectedDay {
  /** YYYY-MM-DD. */
  day: string;
  /** The same day as days since 1970-01-01, as the daily rollups' counts are keyed. */
  dayNumber: number;
  expected: number;
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
  const today = localDayNumber(offset, now);
  const days: ExpectedDay[] = [];
  for (let dayNumber = today - COVERAGE_DAYS; dayNumber < today; dayNumber++) {
    const minutes = (localDayStart(offset, dayNumber + 1) - localDayStart(offset, dayNumber)) / 60_000;
    days.push({ day: isoDateOfDay(dayNumber), dayNumber, expected: Math.floor(minutes / intervalMinutes) });
  }
  return days;
}

/**
 * expectedDays for many points at one moment: worked out once per time zone
 * and interval, which a list of an organisation's points shares a handful of
 * (the days' walk once cost a listing of 36 points about 1.3 ms of its 5).
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
export function coveragePercent(
  days: readonly ExpectedDay[],
  readingsByDay: ReadonlyMap<number, number>,
): number {
  let expected = 0;
  let present = 0;
  for (const { dayNumber, expected: due } of days) {
    expected += due;
    present += Math.min(readingsByDay.get(dayNumber) ?? 0, due);
  }
  return expected === 0 ? 0 : Math.round((present / expected) * 1000) / 10;
}
