import type { MonthDay, ReportSchedule } from '../generated/api-types';
import {
  civilDate,
  DAY_MS,
  daysFromCivil,
  daysInMonth,
  HOUR_MS,
  isoDateOfDay,
  isoWeekday,
  MINUTE_MS,
} from '../time/civil-time';
import { zoneClock } from '../time/zone-offsets';

export type { ReportSchedule };

/** 1 = Monday … 7 = Sunday (ISO 8601). */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Which local dates are working days: not a weekend day and not a public holiday. */
export interface WorkingCalendar {
  /** ISO weekdays off; Saturday and Sunday when not given. */
  weekend?: readonly IsoWeekday[];
  /** Public holidays as local dates, 'YYYY-MM-DD'. */
  holidays?: ReadonlySet<string>;
}

/** What is wrong with a schedule or a period, where (a JSON Pointer into it) and why. */
export interface ReportProblem {
  pointer: string;
  message: string;
}

const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const WEEKEND: readonly IsoWeekday[] = [6, 7];
/** No month has more working days than this (31 days, at most 8 of them a weekend, with a two-day weekend). */
const MOST_WORKING_DAYS = 23;
/** Far enough ahead for any schedule to come round, even a 23rd working day in a month of holidays. */
const LOOK_AHEAD_DAYS = 800;

/** The problems that keep a schedule from running; none for a schedule that can. */
export function checkSchedule(schedule: ReportSchedule): ReportProblem[] {
  const problems: ReportProblem[] = [];
  if (!CLOCK_TIME.test(schedule.at)) {
    problems.push({
      pointer: '/at',
      message: `"${schedule.at}" is not a time of day: write it as HH:mm, 00:00 to 23:59`,
    });
  }
  if (
    schedule.every === 'week' &&
    !(Number.isInteger(schedule.weekday) && schedule.weekday >= 1 && schedule.weekday <= 7)
  ) {
    problems.push({ pointer: '/weekday', message: 'The weekday must be 1 (Monday) to 7 (Sunday)' });
  }
  if (schedule.every === 'month') {
    const on = schedule.on;
    if ('day' in on && !(Number.isInteger(on.day) && on.day >= 1 && on.day <= 31)) {
      problems.push({ pointer: '/on/day', message: 'The day of the month must be 1 to 31' });
    }
    if (
      'workingDay' in on &&
      !(Number.isInteger(on.workingDay) && on.workingDay >= 1 && on.workingDay <= MOST_WORKING_DAYS)
    ) {
      problems.push({
        pointer: '/on/workingDay',
        message: `The working day of the month must be 1 to ${MOST_WORKING_DAYS}: no month has more`,
      });
    }
  }
  return problems;
}

/**
 * The first run strictly after `after` (epoch ms), in `timeZone`.
 *
 * Where the clocks skip the time (spring forward), the run is at the instant
 * that time would have had: 02:30 on the night Europe/Berlin skips from 02:00
 * to 03:00 runs at 03:30. Where the clocks show the time twice (fall back),
 * the run is at the first of the two, once.
 */
export function nextRunAfter(
  schedule: ReportSchedule,
  after: number,
  timeZone: string,
  calendar: WorkingCalendar = {},
): number {
  const problems = checkSchedule(schedule);
  if (problems.length > 0) throw new RangeError(problems.map((problem) => problem.message).join('; '));
  const clock = zoneClock(timeZone);
  const timeOfDay = minutesOfDay(schedule.at) * MINUTE_MS;
  // From the local day before `after`'s: a run late that day may still be ahead of `after` in UTC.
  const firstDay = Math.floor((after + clock.offsetAt(after)) / DAY_MS) - 1;
  const workingDays = workingDayTest(calendar);
  for (let day = firstDay; day <= firstDay + LOOK_AHEAD_DAYS; day++) {
    if (!runsOn(schedule, day, workingDays)) continue;
    const at = instantOf(day * DAY_MS + timeOfDay, timeZone);
    if (at > after) return at;
  }
  throw new RangeError(
    `the schedule has no run within ${LOOK_AHEAD_DAYS} days of ${new Date(after).toISOString()}`,
  );
}

/** The next `count` runs after `after`, in order. */
export function nextRuns(
  schedule: ReportSchedule,
  after: number,
  timeZone: string,
  count: number,
  calendar: WorkingCalendar = {},
): number[] {
  const runs: number[] = [];
  let from = after;
  while (runs.length < count) {
    from = nextRunAfter(schedule, from, timeZone, calendar);
    runs.push(from);
  }
  return runs;
}

/** Whether the schedule runs on a local day (days since 1970-01-01). */
function runsOn(schedule: ReportSchedule, day: number, isWorkingDay: (day: number) => boolean): boolean {
  switch (schedule.every) {
    case 'day':
      return !schedule.workingDaysOnly || isWorkingDay(day);
    case 'week':
      return isoWeekday(day) === schedule.weekday;
    case 'month':
      return day === dayInMonth(schedule.on, day, isWorkingDay);
  }
}

/** The day `on` names in the month of `day`, or undefined where that month has no such day. */
function dayInMonth(on: MonthDay, day: number, isWorkingDay: (day: number) => boolean): number | undefined {
  const { year, month } = civilDate(day);
  const first = daysFromCivil(year, month, 1);
  const length = daysInMonth(year, month);
  if ('lastDay' in on) return first + length - 1;
  if ('day' in on) return first + Math.min(on.day, length) - 1;
  let seen = 0;
  for (let candidate = first; candidate < first + length; candidate++) {
    if (isWorkingDay(candidate) && ++seen === on.workingDay) return candidate;
  }
  return undefined;
}

function workingDayTest({ weekend = WEEKEND, holidays }: WorkingCalendar): (day: number) => boolean {
  return (day) =>
    !(weekend as readonly number[]).includes(isoWeekday(day)) && !holidays?.has(isoDateOfDay(day));
}

/** The instant a local wall time (as ms, see civil-time.ts) had in the zone: the first of two, or past a gap. */
function instantOf(wallMs: number, timeZone: string): number {
  const clock = zoneClock(timeZone);
  const instants = clock.instantsAt(wallMs);
  if (typeof instants === 'number') return instants;
  if ('earlier' in instants) return instants.earlier;
  // Skipped: the offset in force before the gap carries the wall time past it.
  return wallMs - clock.offsetAt(wallMs - DAY_MS);
}

function minutesOfDay(at: string): number {
  const [hours, minutes] = at.split(':').map(Number);
  return (hours ?? 0) * (HOUR_MS / MINUTE_MS) + (minutes ?? 0);
}
