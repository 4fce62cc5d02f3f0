import { type History, HOURS_PER_WEEK, type Horizon } from './types';

/**
 * The reference every other model must beat: each hour is forecast as the same hour of the week in the
 * latest week that has a reading for it. Matching by local hour of the week, not by 168 hours back,
 * keeps Monday 08:00 on Monday 08:00 across a change to or from summer time; beyond a week ahead the
 * last observed week simply repeats.
 */
export function seasonalNaiveForecast(history: History, horizon: Horizon): number[] {
  const latest = latestByHourOfWeek(history);
  const fallback = lastReading(history);
  return horizon.hourOfWeek.map((hour) => latest[hour] ?? fallback);
}

/** The latest reading at each hour of the week (undefined for an hour never read). */
function latestByHourOfWeek(history: History): (number | undefined)[] {
  const latest = new Array<number | undefined>(HOURS_PER_WEEK).fill(undefined);
  history.y.forEach((value, i) => {
    if (value !== null) latest[history.hourOfWeek[i] ?? 0] = value;
  });
  return latest;
}

/** For an hour of the week never read (only possible in a history full of gaps): the latest reading of all. */
function lastReading(history: History): number {
  for (let i = history.y.length - 1; i >= 0; i--) {
    const value = history.y[i];
    if (value !== null && value !== undefined) return value;
  }
  throw new RangeError('a history without readings has nothing to repeat');
}
