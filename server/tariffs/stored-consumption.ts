import { sql } from 'kysely';
import type { TariffVersion } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { DAY_MS } from '../time/civil-time';
import { localDayNumber, localDayStart, zoneOffset } from '../time/zone-offsets';
import { type ConsumptionSeries, type CostRequest, seriesPointsOf } from './tariff-cost';

/** What tariffCost prices for one data point: its consumption, and its days' highest quarters when read from rollups. */
export type StoredConsumption = { series: ConsumptionSeries } & Pick<CostRequest, 'dailyPeaks'>;

/**
 * A point's consumption over [from, to), read the cheapest way that prices it exactly.
 *
 * - From the hourly rollups, when the range starts and ends at local midnights and no version reads a series
 *   (a dynamic price, an intensity), which may change within an hour:
 *   a window holds for a whole local hour and tiers depend only on the running total, so an hour's sum costs
 *   what its readings do. The demand charge then takes each day's highest quarter from readings_daily.
 * - Otherwise from the readings, each delta at its instant.
 */
export async function storedConsumption(
  db: Database,
  pointId: number,
  timeZone: string,
  versions: readonly TariffVersion[],
  from: number,
  to: number,
): Promise<StoredConsumption> {
  // A dynamic price or an intensity series may change within an hour.
  if (
    versions.some((version) => seriesPointsOf(version).length > 0) ||
    !onLocalMidnights(timeZone, from, to)
  ) {
    return { series: await readingDeltas(db, pointId, from, to) };
  }
  const series = await hourSums(db, pointId, from, to);
  if (!versions.some((version) => (version.demandPerKw ?? 0) > 0)) return { series };
  return { series, dailyPeaks: await dayPeaks(db, pointId, from, to) };
}

function onLocalMidnights(timeZone: string, from: number, to: number): boolean {
  const offset = zoneOffset(timeZone);
  const midnight = (at: number) => localDayStart(offset, localDayNumber(offset, at)) === at;
  return midnight(from) && midnight(to);
}

async function readingDeltas(
  db: Database,
  pointId: number,
  from: number,
  to: number,
): Promise<ConsumptionSeries> {
  const rows = await db
    .selectFrom('readings')
    .select(['ts', 'delta'])
    .where('data_point_id', '=', pointId)
    .where('ts', '>=', new Date(from))
    .where('ts', '<', new Date(to))
    .where('delta', 'is not', null)
    .orderBy('ts')
    .execute();
  return columns(
    rows,
    (row) => new Date(row.ts).getTime(),
    (row) => row.delta as number,
  );
}

/**
 * The point's hourly sums from readings_hours, one row a local day with its hours as arrays: read as arrays
 * rather than a row an hour (storedHours), a year is 365 rows, not 8760.
 */
async function hourSums(db: Database, pointId: number, from: number, to: number): Promise<ConsumptionSeries> {
  // The hours' instants as epoch milliseconds: a year of timestamptz read as Dates took most of the time.
  const { rows } = await sql<{ hour_ms: number[]; consumption: (number | null)[] }>`
    select array(select extract(epoch from h)::float8 * 1000 from unnest(hour_at) h) as hour_ms, consumption
    from readings_hours
    where data_point_id = ${pointId}
      and day >= ${utcDate(from - DAY_MS)}::date and day <= ${utcDate(to + DAY_MS)}::date
    order by day`.execute(db);
  const ts: number[] = [];
  const used: number[] = [];
  for (const row of rows) {
    row.hour_ms.forEach((at, index) => {
      const amount = row.consumption[index];
      if (at < from || at >= to || amount === null || amount === undefined) return;
      ts.push(at);
      used.push(amount);
    });
  }
  return { ts, used };
}

function utcDate(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

async function dayPeaks(db: Database, pointId: number, from: number, to: number) {
  const rows = await db
    .selectFrom('readings_daily')
    .select(['quarter_max', 'quarter_max_at'])
    .where('data_point_id', '=', pointId)
    .where('quarter_max_at', '>=', new Date(from))
    .where('quarter_max_at', '<', new Date(to))
    .where('quarter_max', 'is not', null)
    .execute();
  const { ts, used } = columns(
    rows,
    (row) => new Date(row.quarter_max_at as Date).getTime(),
    (row) => row.quarter_max as number,
  );
  return { at: ts, amount: used };
}

function columns<T>(
  rows: readonly T[],
  at: (row: T) => number,
  amount: (row: T) => number,
): ConsumptionSeries {
  const ts = new Float64Array(rows.length);
  const used = new Float64Array(rows.length);
  rows.forEach((row, index) => {
    ts[index] = at(row);
    used[index] = amount(row);
  });
  return { ts, used };
}
