import { DAY_MS } from '../../src/time/civil-time';
import { localDate, localDayStart, zoneOffset } from '../../src/time/zone-offsets';

/** A stretch of a site's local year and the same stretch of the year before, as instants and local dates. */
export interface BenchmarkStretch {
  from: number;
  to: number;
  previousFrom: number;
  previousTo: number;
  /** Local dates [fromDay, toDay] and [previousFromDay, previousToDay], both ends included. */
  days: [string, string];
  previousDays: [string, string];
}

/**
 * The local year in a site's time zone: a past year whole, the current one up to now; the year before over
 * the same length of time from its own local 1 January.
 */
export function benchmarkStretch(timeZone: string, year: number, now: number): BenchmarkStretch {
  const offset = zoneOffset(timeZone);
  const newYear = (of: number) => localDayStart(offset, Date.UTC(of, 0, 1) / DAY_MS);
  const from = newYear(year);
  const to = Math.min(newYear(year + 1), Math.max(from, now));
  const previousFrom = newYear(year - 1);
  const previousTo = Math.min(from, previousFrom + (to - from));
  const lastDay = (end: number, start: number) => localDate(offset, Math.max(start, end - 1));
  return {
    from,
    to,
    previousFrom,
    previousTo,
    days: [localDate(offset, from), lastDay(to, from)],
    previousDays: [localDate(offset, previousFrom), lastDay(previousTo, previousFrom)],
  };
}
