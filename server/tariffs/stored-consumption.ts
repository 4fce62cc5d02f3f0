import { sql } from 'kysely';
import type { TariffVersion } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { DAY_MS } from '../time/civil-time';
import { localDayNumber, localDayStart, zoneOffset } from '../time/zone-offsets';
import { type ConsumptionSeries, type CostRequest, seriesPointsOf } from './tariff-cost';

/** What tariffCost prices for one data point: its consumption, and its days' highest quarters when read from rollups. */
export type StoredConsumption = { series: ConsumptionSeries } & Pick<CostRequest, 'dailyPeaks'>;

/** A point to read, with the versions that will price it (they decide what must be read). */
export interface ConsumptionOf {
  pointId: number;
  timeZone: string;
  versions: readonly TariffVersion[];
}

/**
 * Each point's consumption over [from, to), read the cheapest way that prices it exactly, by point id.
 *
 * - From the hourly rollups, when the range starts and ends at the point's local midnights and no version reads
 *   a series (a dynamic price, an intensity), which may change within an hour: a window holds for a whole local
 *   hour and tiers depend only on the running total, so an hour's sum costs what its readings do. The demand
 *   charge then takes each day's highest quarter from readings_daily. All such points are read in one query
 *   (and their peaks in one more): a query per point cost more than the pricing on PGlite.
 * - Otherwise from the readings, each delta at its instant.
 */
export async function storedConsumptions(
  db: Database,
  points: readonly ConsumptionOf[],
  from: number,
  to: number,
): Promise<Map<number, StoredConsumption>> {
  const fromRollups = points.filter((point) => readsRollups(point, from, to));
  const fromReadings = points.filter((point) => !fromRollups.includes(point));
  const withDemand = fromRollups.filter(({ versions }) =>
    versions.some((version) => (version.demandPerKw ?? 0) > 0),
  );
  const [hours, peaks] = await Promise.all([
    hourSums(
      db,
      fromRollups.map((point) => point.pointId),
      from,
      to,
    ),
    dayPeaks(
      db,
      withDemand.map((point) => point.pointId),
      from,
      to,
    ),
  ]);
  const stored = new Map<number, StoredConsumption>();
  for (const { pointId } of fromRollups) {
    const series = hours.get(pointId) ?? { ts: [], used: [] };
    const dailyPeaks = peaks.get(pointId);
    stored.set(pointId, dailyPeaks ? { series, dailyPeaks } : { series });
  }
  for (const { pointId } of fromReadings)
    stored.set(pointId, { series: await readingDeltas(db, pointId, from, to) });
  return stored;
}

function readsRollups({ timeZone, versions }: ConsumptionOf, from: number, to: number): boolean {
  // A dynamic price or an intensity series may change within an hour.
  return (
    versions.every((version) => seriesPointsOf(version).length === 0) && onLocalMidnights(timeZone, from, to)
  );
}

function onLocalMidnights(timeZone: string, from: number, to: number): boolean {
  const offset = zoneOffset(timeZone);
  const midnight = (at: number) => localDayStart(offset, localDayNumber(offset, at)) === at;
  return midnight(from) && midnight(to);
}

/**
 * The point's deltas in time order, with their instants as epoch milliseconds, read as one text split here: a
 * year of quarter hours read row by row took the drivers longer than pricing them (bench:cost (c)).
 */
async function readingDeltas(
  db: Database,
  pointId: number,
  from: number,
  to: number,
): Promise<ConsumptionSeries> {
  const { rows } = await sql<{ pairs: string | null }>`
    select string_agg((extract(epoch from ts) * 1000)::int8 || ' ' || delta, ',' order by ts) as pairs
    from readings
    where data_point_id = ${pointId} and ts >= ${new Date(from)} and ts < ${new Date(to)} and delta is not null`.execute(
    db,
  );
  const [ts, used] = pairs(rows[0]?.pairs);
  return { ts, used };
}

/** "instant value" pairs joined by commas, as string_agg gives them, split into two columns; none for null. */
export function pairs(joined: string | null | undefined): [Float64Array, Float64Array] {
  if (!joined) return [new Float64Array(0), new Float64Array(0)];
  const items = joined.split(',');
  const first = new Float64Array(items.length);
  const second = new Float64Array(items.length);
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as string;
    const space = item.indexOf(' ');
    first[index] = Number(item.slice(0, space));
    second[index] = Number(item.slice(space + 1));
  }
  return [first, second];
}

/**
 * The points' hourly sums from readings_hours, one row a local day with its hours as arrays: read as arrays
 * rather than a row an hour (storedHours), a year is 365 rows a point, not 8760.
 */
async function hourSums(
  db: Database,
  pointIds: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, ConsumptionSeries>> {
  const byPoint = new Map<number, { ts: number[]; used: number[] }>();
  if (pointIds.length === 0) return byPoint;
  // Each day's hours as text (whole seconds, and the sums with '' for a missing one) split here: a year of 50 points
  // read as arrays of numbers took the drivers longer than the pricing (bench:cost (a)).
  const { rows } = await sql<{ data_point_id: number; hour_s: string; used: string }>`
    select data_point_id,
      array_to_string(array(select extract(epoch from h)::int8 from unnest(hour_at) h), ',') as hour_s,
      array_to_string(consumption, ',', '') as used
    from readings_hours
    where data_point_id in (${sql.join(pointIds)})
      and day >= ${utcDate(from - DAY_MS)}::date and day <= ${utcDate(to + DAY_MS)}::date
    order by data_point_id, day`.execute(db);
  for (const row of rows) {
    let series = byPoint.get(row.data_point_id);
    if (!series) {
      series = { ts: [], used: [] };
      byPoint.set(row.data_point_id, series);
    }
    const seconds = row.hour_s.split(',');
    const amounts = row.used.split(',');
    for (let index = 0; index < seconds.length; index++) {
      const amount = amounts[index];
      const at = Number(seconds[index]) * 1000;
      if (at < from || at >= to || amount === '' || amount === undefined) continue;
      series.ts.push(at);
      series.used.push(Number(amount));
    }
  }
  return byPoint;
}

function utcDate(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Each point's days' highest quarter-hours in the range, by point. */
async function dayPeaks(
  db: Database,
  pointIds: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, NonNullable<StoredConsumption['dailyPeaks']>>> {
  const byPoint = new Map<number, { at: number[]; amount: number[] }>();
  if (pointIds.length === 0) return byPoint;
  const { rows } = await sql<{ data_point_id: number; ms: number; quarter_max: number }>`
    select data_point_id, extract(epoch from quarter_max_at)::float8 * 1000 as ms, quarter_max
    from readings_daily
    where data_point_id in (${sql.join(pointIds)})
      and quarter_max_at >= ${new Date(from)} and quarter_max_at < ${new Date(to)}
      and quarter_max is not null`.execute(db);
  for (const pointId of pointIds) byPoint.set(pointId, { at: [], amount: [] });
  for (const row of rows) {
    const peaks = byPoint.get(row.data_point_id) as { at: number[]; amount: number[] };
    peaks.at.push(row.ms);
    peaks.amount.push(row.quarter_max);
  }
  return byPoint;
}
