import type { AlertCondition, BaselineCondition, BudgetCondition } from '../../src/generated/api-types';
import { judgedOn } from '../../src/rules/judged-on';
import { HOUR_MS } from '../../src/time/civil-time';
import { localHourStart, zoneOffset } from '../../src/time/zone-offsets';
import type { Database } from '../db/database';
import { keptForecastByHour } from '../forecast/kept-forecast';
import { LocalCalendar } from '../tariffs/local-calendar';
import { pointCosts } from '../tariffs/point-costs';
import { hourSums } from '../tariffs/stored-consumption';
import type { Reading } from './evaluate';

/** Conditions judged on the hourly rollups, an hour at a time, rather than on each reading. */
export type HourlyCondition = BudgetCondition | BaselineCondition;

export function isHourly(condition: AlertCondition): condition is HourlyCondition {
  return judgedOn(condition) === 'hours';
}

/** The point an hourly condition is judged on. */
export interface SampledPoint {
  id: number;
  organisationId: number;
  timeZone: string;
}

/**
 * The condition's value at the end of each complete local hour that ends in
 * (after, until], as readings at the hour's end: for a budget the period's
 * total through that hour, for a baseline how far (in percent) the hour's
 * use is beyond its baseline. An hour is complete once the point has a
 * reading at or after its end, so the live evaluation (until = the point's
 * last reading) and the replay (until = now) sample the same hours alike.
 */
export async function hourlySamples(
  db: Database,
  point: SampledPoint,
  condition: HourlyCondition,
  after: number,
  until: number,
): Promise<Reading[]> {
  const offset = zoneOffset(point.timeZone);
  // Most writes complete no hour: the hour of the last reading began before the first one judged.
  if (localHourStart(offset, until) <= after) return [];
  const calendar = new LocalCalendar(offset);
  // From the local midnight of the first hour judged to the one after the last: the rollups' own days.
  const firstDay = calendar.at(after).day;
  const to = calendar.dayStart(calendar.at(until - 1).day + 1);
  const ends = (hourStart: number) => hourStart + HOUR_MS > after && hourStart + HOUR_MS <= until;
  return condition.kind === 'budget'
    ? budgetSamples(db, point, condition, calendar, firstDay, to, ends)
    : baselineSamples(db, point, condition, calendar, firstDay, to, ends);
}

/** Each judged hour's period total: the sums from the period's start, begun again at each new period. */
async function budgetSamples(
  db: Database,
  point: SampledPoint,
  condition: BudgetCondition,
  calendar: LocalCalendar,
  firstDay: number,
  to: number,
  judged: (hourStart: number) => boolean,
): Promise<Reading[]> {
  const periodOf = (at: number) => periodStart(calendar, condition.period, calendar.at(at).day);
  const from = periodOf(calendar.dayStart(firstDay));
  const hours = await hourAmounts(db, point, condition.measure, from, to);
  const samples: Reading[] = [];
  let period = Number.NaN;
  let total = 0;
  for (const [start, amount] of hours) {
    const startsPeriod = periodOf(start);
    if (startsPeriod !== period) {
      period = startsPeriod;
      total = 0;
    }
    total += amount;
    if (judged(start)) samples.push({ ts: start + HOUR_MS, value: total });
  }
  return samples;
}

/** Each judged hour's use beyond the mean of the same local hour of the week in the weeks before, in percent. */
async function baselineSamples(
  db: Database,
  point: SampledPoint,
  condition: BaselineCondition,
  calendar: LocalCalendar,
  firstDay: number,
  to: number,
  judged: (hourStart: number) => boolean,
): Promise<Reading[]> {
  if (condition.against === 'keptModel')
    return keptModelSamples(db, point, condition, calendar, firstDay, to, judged);
  const from = calendar.dayStart(firstDay - 7 * condition.weeks);
  const hours = await hourAmounts(db, point, 'consumption', from, to);
  // By local day and hour: a week back is the same wall-clock hour, whatever the clocks did in between.
  const byWallHour = new Map<number, number>();
  const wallHour = (at: number) => {
    const local = calendar.at(at);
    return local.day * 24 + local.hour;
  };
  for (const [start, amount] of hours) byWallHour.set(wallHour(start), amount);
  const samples: Reading[] = [];
  for (const [start, amount] of hours) {
    if (!judged(start)) continue;
    const here = wallHour(start);
    const before: number[] = [];
    for (let week = 1; week <= condition.weeks; week++) {
      const then = byWallHour.get(here - week * 7 * 24);
      if (then !== undefined) before.push(then);
    }
    const baseline = before.reduce((sum, value) => sum + value, 0) / before.length;
    // Two weeks at least, and a use to compare with: a percentage of nothing says nothing.
    if (before.length < 2 || baseline <= 0) continue;
    const change = (100 * (amount - baseline)) / baseline;
    samples.push({ ts: start + HOUR_MS, value: condition.direction === 'above' ? change : 0 - change });
  }
  return samples;
}

/**
 * Each judged hour's use beyond the kept forecast model's forecast of it, in
 * percent: the model knows the weather and the week's rhythm. An hour its
 * last fit did not forecast (before its week, or with no fit yet) is not judged.
 */
async function keptModelSamples(
  db: Database,
  point: SampledPoint,
  condition: BaselineCondition,
  calendar: LocalCalendar,
  firstDay: number,
  to: number,
  judged: (hourStart: number) => boolean,
): Promise<Reading[]> {
  const forecast = await keptForecastByHour(db, point.organisationId, point.id);
  if (!forecast) return [];
  const hours = await hourAmounts(db, point, 'consumption', calendar.dayStart(firstDay), to);
  const samples: Reading[] = [];
  for (const [start, amount] of hours) {
    const expected = forecast.get(start);
    if (!judged(start) || expected === undefined || expected <= 0) continue;
    const change = (100 * (amount - expected)) / expected;
    samples.push({ ts: start + HOUR_MS, value: condition.direction === 'above' ? change : 0 - change });
  }
  return samples;
}

/** The local instant the budget's day, week (from Monday) or month holding a local day begins. */
export function periodStart(calendar: LocalCalendar, period: BudgetCondition['period'], day: number): number {
  switch (period) {
    case 'day':
      return calendar.dayStart(day);
    case 'week':
      // 1970-01-01 was a Thursday: three days after a Monday.
      return calendar.dayStart(day - ((((day + 3) % 7) + 7) % 7));
    case 'month':
      return calendar.monthStart(day);
  }
}

/**
 * The point's use (or its cost under the tariff that prices it) in each
 * local hour of [from, to), both local midnights, in time order, by the
 * hour's start: from the hourly rollups, priced as the tariffs' screens
 * price them. A cost budget on a point no tariff prices has no hours.
 */
async function hourAmounts(
  db: Database,
  point: SampledPoint,
  measure: BudgetCondition['measure'],
  from: number,
  to: number,
): Promise<[number, number][]> {
  if (measure === 'cost') {
    const { points } = await pointCosts(db, point.organisationId, {
      dataPointIds: [point.id],
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      bucket: 'hour',
    });
    return (points[0]?.buckets ?? []).map((bucket) => [Date.parse(bucket.start), bucket.total]);
  }
  // Straight from the hourly rollups: where a clock change skips midnight, [from, to) is not read by the hour.
  const series = (await hourSums(db, point.organisationId, [point.id], from, to)).get(point.id) ?? {
    ts: [],
    used: [],
  };
  const hours: [number, number][] = [];
  for (let index = 0; index < series.ts.length; index++) {
    hours.push([series.ts[index] as number, series.used[index] as number]);
  }
  return hours;
}
