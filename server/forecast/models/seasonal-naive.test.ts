import { describe, expect, it } from 'vitest';
import { seasonalNaiveForecast } from './seasonal-naive';
import { type History, HOUR_MS, HOURS_PER_WEEK } from './types';

/** `weeks` weeks in which hour h of the week in week w reads 1000·w + h. */
function numberedWeeks(weeks: number): History {
  const hours = Array.from({ length: weeks * HOURS_PER_WEEK }, (_, i) => i);
  return {
    t: hours.map((i) => i * HOUR_MS),
    y: hours.map((i) => 1000 * Math.floor(i / HOURS_PER_WEEK) + (i % HOURS_PER_WEEK)),
    hourOfWeek: hours.map((i) => i % HOURS_PER_WEEK),
  };
}

const horizonOf = (hours: number, from: number) => {
  const range = Array.from({ length: hours }, (_, i) => from + i);
  return { t: range.map((i) => i * HOUR_MS), hourOfWeek: range.map((i) => i % HOURS_PER_WEEK) };
};

describe('seasonal naive forecast', () => {
  it('repeats the last week, hour for hour, and again beyond a week', () => {
    const forecast = seasonalNaiveForecast(
      numberedWeeks(3),
      horizonOf(2 * HOURS_PER_WEEK, 3 * HOURS_PER_WEEK),
    );
    expect(forecast.slice(0, 3)).toEqual([2000, 2001, 2002]);
    expect(forecast[HOURS_PER_WEEK + 5]).toBe(2005);
  });

  it('takes a gap’s hour from the latest earlier week that has it', () => {
    const history = numberedWeeks(3);
    const y = [...history.y];
    y[2 * HOURS_PER_WEEK + 10] = null;
    y[HOURS_PER_WEEK + 10] = null;
    const forecast = seasonalNaiveForecast({ ...history, y }, horizonOf(HOURS_PER_WEEK, 3 * HOURS_PER_WEEK));
    expect(forecast[10]).toBe(10);
    expect(forecast[11]).toBe(2011);
  });
});
