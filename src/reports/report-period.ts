import type { ReportPeriod } from '../generated/api-types';
import { civilDate, daysFromCivil, daysInMonth, isoDateOfDay, isoWeekday } from '../time/civil-time';
import { localDayNumber, localDayStart, zoneOffset } from '../time/zone-offsets';
import type { ReportProblem } from './report-schedule';

export type { ReportPeriod };

/** A period pinned down: [from, to) as instants, and the local dates it spans (`lastDate` included). */
export interface PeriodBounds {
  from: number;
  to: number;
  firstDate: string;
  lastDate: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The problems that keep a period from being reported on; none for a period that can be. */
export function checkPeriod(period: ReportPeriod): ReportProblem[] {
  if (period.kind !== 'custom') return [];
  const problems: ReportProblem[] = [];
  const from = dayOfDate(period.from);
  const to = dayOfDate(period.to);
  if (from === undefined)
    problems.push({ pointer: '/from', message: `"${period.from}" is not a date: write it as YYYY-MM-DD` });
  if (to === undefined)
    problems.push({ pointer: '/to', message: `"${period.to}" is not a date: write it as YYYY-MM-DD` });
  if (from !== undefined && to !== undefined && to < from) {
    problems.push({
      pointer: '/to',
      message: `The period is empty: it ends on ${period.to}, before it starts on ${period.from}`,
    });
  }
  return problems;
}

/** The bounds of `period` for a run at `runAt` (epoch ms) in `timeZone`. */
export function periodBounds(period: ReportPeriod, runAt: number, timeZone: string): PeriodBounds {
  const problems = checkPeriod(period);
  if (problems.length > 0) throw new RangeError(problems.map((problem) => problem.message).join('; '));
  const today = localDayNumber(zoneOffset(timeZone), runAt);
  switch (period.kind) {
    case 'yesterday':
      return daysBounds(today - 1, today, timeZone);
    case 'lastWeek': {
      const monday = today - (isoWeekday(today) - 1);
      return daysBounds(monday - 7, monday, timeZone);
    }
    case 'lastMonth': {
      const { year, month } = civilDate(today);
      const first = daysFromCivil(year, month, 1);
      const previousYear = month === 1 ? year - 1 : year;
      const previousMonth = month === 1 ? 12 : month - 1;
      return daysBounds(daysFromCivil(previousYear, previousMonth, 1), first, timeZone);
    }
    case 'custom':
      return daysBounds(dayOfDate(period.from) as number, (dayOfDate(period.to) as number) + 1, timeZone);
  }
}

/** The bounds of a run's period, as stored: [from, to) as instants, read as local dates in `timeZone`. */
export function boundsOf(from: number, to: number, timeZone: string): PeriodBounds {
  const offset = zoneOffset(timeZone);
  return {
    from,
    to,
    firstDate: isoDateOfDay(localDayNumber(offset, from)),
    lastDate: isoDateOfDay(localDayNumber(offset, to - 1)),
  };
}

/**
 * The period a report compares with: the one just before of the same length,
 * or, for a whole calendar month, the month before it. A month is compared
 * with a month, whatever their lengths.
 */
export function previousPeriod(bounds: PeriodBounds, timeZone: string): PeriodBounds {
  const first = dayOfDate(bounds.firstDate) as number;
  const end = (dayOfDate(bounds.lastDate) as number) + 1;
  if (isWholeMonth(first, end)) {
    const { year, month } = civilDate(first);
    const previous = month === 1 ? daysFromCivil(year - 1, 12, 1) : daysFromCivil(year, month - 1, 1);
    return daysBounds(previous, first, timeZone);
  }
  return daysBounds(first - (end - first), first, timeZone);
}

/**
 * The same dates a year earlier: a whole month is last year's whole month
 * (February of a leap year against 28 days), and 29 February falls on the
 * 28th.
 */
export function sameTimeLastYear(bounds: PeriodBounds, timeZone: string): PeriodBounds {
  const first = dayOfDate(bounds.firstDate) as number;
  const end = (dayOfDate(bounds.lastDate) as number) + 1;
  if (isWholeMonth(first, end)) {
    const { year, month } = civilDate(first);
    return daysBounds(
      daysFromCivil(year - 1, month, 1),
      daysFromCivil(year - 1, month, daysInMonth(year - 1, month)) + 1,
      timeZone,
    );
  }
  return daysBounds(yearEarlier(first), yearEarlier(end - 1) + 1, timeZone);
}

function daysBounds(firstDay: number, endDay: number, timeZone: string): PeriodBounds {
  const offset = zoneOffset(timeZone);
  return {
    from: localDayStart(offset, firstDay),
    to: localDayStart(offset, endDay),
    firstDate: isoDateOfDay(firstDay),
    lastDate: isoDateOfDay(endDay - 1),
  };
}

function isWholeMonth(first: number, end: number): boolean {
  const { year, month, date } = civilDate(first);
  return date === 1 && end - first === daysInMonth(year, month);
}

function yearEarlier(day: number): number {
  const { year, month, date } = civilDate(day);
  return daysFromCivil(year - 1, month, Math.min(date, daysInMonth(year - 1, month)));
}

/** Days since 1970-01-01 of a real calendar date, or undefined (2027-02-30 is not one). */
function dayOfDate(text: string): number | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month)) return undefined;
  return daysFromCivil(year, month, date);
}
