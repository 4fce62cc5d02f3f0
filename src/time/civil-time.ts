/**
 * Calendar arithmetic on "wall times": clock readings (year … second) encoded
 * as milliseconds as if they were UTC. Doing it by hand rather than through
 * Date.UTC avoids its two-digit-year quirk and an allocation per row.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** A clock reading as wall-time milliseconds. Hour 24 rolls over into the next day by construction. */
export function wallTimeMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  millisecond: number,
): number {
  return (
    daysFromCivil(year, month, day) * DAY_MS +
    hour * HOUR_MS +
    minute * MINUTE_MS +
    second * 1000 +
    millisecond
  );
}

/** The calendar date of a day number (days since 1970-01-01). */
export function civilDate(day: number): { year: number; month: number; date: number } {
  const at = new Date(day * DAY_MS);
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, date: at.getUTCDate() };
}

/** 1 Monday to 7 Sunday, of a day number (days since 1970-01-01, a Thursday). */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** A day number (days since 1970-01-01) as its date, 'YYYY-MM-DD'. */
export function isoDateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? `month ${month}`;
}

/** 'YYYY-MM-DD HH:mm:ss' for a wall time (milliseconds dropped). */
export function formatWallTime(wallMs: number): string {
  const iso = new Date(wallMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
