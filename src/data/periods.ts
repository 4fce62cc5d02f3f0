/**
 * The periods the dashboard widgets show, in the browser's local time, each
 * with the period it is compared with: "this month so far" against the same
 * stretch of last month, "the last 7 days" against the 7 days before.
 */

/** As schemas/widgets/shared/period.schema.json names them, for widgets and pages alike. */
export const PERIOD_NAMES = ['today', '7d', '30d', '90d', 'month', 'year'] as const;

export type PeriodName = (typeof PERIOD_NAMES)[number];

export function isPeriodName(value: unknown): value is PeriodName {
  return (PERIOD_NAMES as readonly unknown[]).includes(value);
}

/**
 * A period pinned to instants, as a report's run has it (src/reports/report-period.ts):
 * its window [from, to), the window it is compared with, and the local dates
 * each spans (the last included), which is how people name them.
 */
export interface FixedPeriod {
  from: string;
  to: string;
  firstDate: string;
  lastDate: string;
  previous: { from: string; to: string; firstDate: string; lastDate: string };
  /** The same dates a year earlier (a whole month: last year's month), for a comparison with last year. */
  lastYear?: { from: string; to: string; firstDate: string; lastDate: string };
}

/** What a figure is compared with: the period just before, or the same time a year earlier. */
export type ComparedWith = 'previous' | 'lastYear';

/** What a widget shows: a named period ending now, or a fixed one. */
export type PeriodChoice = PeriodName | FixedPeriod;

export function isFixedPeriod(choice: PeriodChoice): choice is FixedPeriod {
  return typeof choice === 'object';
}

export interface TimeWindow {
  from: Date;
  to: Date;
}

export interface PeriodWindows {
  current: TimeWindow;
  /** The same stretch of the period before: yesterday up to this time, or the days before the last N days. */
  previous: TimeWindow;
  /** "this month", "the last 7 days". */
  label: string;
  /** "vs last month", "vs the 7 days before". */
  versus: string;
  /** "last month", "the 7 days before": what has no data when there is nothing to compare with. */
  previousLabel: string;
}

const DAY_MS = 86_400_000;

/**
 * The current window of a period, named or fixed, and the one it is compared
 * with: the period before, or (`lastYear`) the same time a year earlier.
 */
export function windowsOf(
  choice: PeriodChoice,
  now: Date = new Date(),
  comparedWith: ComparedWith = 'previous',
): { current: TimeWindow; previous: TimeWindow } {
  const window = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
  const windows = isFixedPeriod(choice)
    ? { current: window(choice.from, choice.to), previous: window(choice.previous.from, choice.previous.to) }
    : periodWindows(choice, now);
  if (comparedWith === 'previous') return { current: windows.current, previous: windows.previous };
  const lastYear = isFixedPeriod(choice) ? choice.lastYear : undefined;
  return {
    current: windows.current,
    previous: lastYear
      ? window(lastYear.from, lastYear.to)
      : { from: yearEarlier(windows.current.from), to: yearEarlier(windows.current.to) },
  };
}

/** The same local date and time a year earlier; 29 February falls on 1 March, as Date has it. */
function yearEarlier(at: Date): Date {
  const earlier = new Date(at);
  earlier.setFullYear(at.getFullYear() - 1);
  return earlier;
}

const ROLLING: Partial<Record<PeriodName, number>> = { '7d': 7, '30d': 30, '90d': 90 };

/** The current and the previous window of a period, ending now. */
export function periodWindows(period: PeriodName, now: Date = new Date()): PeriodWindows {
  const days = ROLLING[period];
  if (days !== undefined) {
    const from = new Date(now.getTime() - days * DAY_MS);
    return {
      current: { from, to: now },
      previous: { from: new Date(from.getTime() - days * DAY_MS), to: from },
      label: `the last ${days} days`,
      versus: `vs the ${days} days before`,
      previousLabel: `the ${days} days before`,
    };
  }
  const start = startOf(period, now);
  const previousStart = startOf(period, shiftBack(period, start));
  // The same elapsed time into the previous period, never past its end (31 March against February).
  const elapsed = now.getTime() - start.getTime();
  const previousEnd = new Date(Math.min(previousStart.getTime() + elapsed, start.getTime()));
  const names = CALENDAR[period as CalendarPeriod];
  return {
    current: { from: start, to: now },
    previous: { from: previousStart, to: previousEnd },
    label: names.label,
    versus: `vs ${names.previous}`,
    previousLabel: names.previous,
  };
}

type CalendarPeriod = 'today' | 'month' | 'year';

const CALENDAR: Record<CalendarPeriod, { label: string; previous: string }> = {
  today: { label: 'today', previous: 'yesterday' },
  month: { label: 'this month', previous: 'last month' },
  year: { label: 'this year', previous: 'last year' },
};

function startOf(period: PeriodName, at: Date): Date {
  if (period === 'year') return new Date(at.getFullYear(), 0, 1);
  if (period === 'month') return new Date(at.getFullYear(), at.getMonth(), 1);
  return new Date(at.getFullYear(), at.getMonth(), at.getDate());
}

/** A moment inside the period before the one starting at `start`. */
function shiftBack(period: PeriodName, start: Date): Date {
  if (period === 'year') return new Date(start.getFullYear() - 1, 0, 1);
  if (period === 'month') return new Date(start.getFullYear(), start.getMonth() - 1, 1);
  return new Date(start.getFullYear(), start.getMonth(), start.getDate() - 1);
}

/** What the API takes: ISO 8601 instants. */
export function isoWindow(window: TimeWindow): { from: string; to: string } {
  return { from: window.from.toISOString(), to: window.to.toISOString() };
}
