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

/** The point's deltas with their instants as epoch milliseconds: a year of timestamptz read as Dates took most of the time. */
async function readingDeltas(
  db: Database,
  pointId: number,
  from: number,
  to: number,
): Promise<ConsumptionSeries> {
  const { rows } = await sql<{ ms: number; delta: number }>`
    select extract(epoch from ts)::float8 * 1000 as ms, delta
    from readings
    where data_point_id = ${pointId} and ts >= ${new Date(from)} and ts < ${new Date(to)} and delta is not null
    order by ts`.execute(db);
  const ts = new Float64Array(rows.length);
  const used = new Float64Array(rows.length);
  rows.forEach((row, index) => {
    ts[index] = row.ms;
    used[index] = row.delta;
  });
  return { ts, used };
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
  const { rows } = await sql<{ data_point_id: number; hour_ms: number[]; consumption: (number | null)[] }>`
    select data_point_id, array(select extract(epoch from h)::float8 * 1000 from unnest(hour_at) h) as hour_ms,
      consumption
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
    const { ts, used } = series;
    row.hour_ms.forEach((at, index) => {
      const amount = row.consumption[index];
      if (at < from || at >= to || amount === null || amount === undefined) return;
      ts.push(at);
      used.push(amount);
    });
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
