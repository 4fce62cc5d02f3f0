import { sql } from 'kysely';
import type { TariffVersion } from '../../src/generated/api-types';
import { DAY_MS } from '../../src/time/civil-time';
import {
  localDayNumber,
  localDayStart,
  localHourStart,
  type ZoneOffset,
  zoneOffset,
} from '../../src/time/zone-offsets';
import type { Database } from '../db/database';
import { packedRows, unpackRows } from '../db/packed-columns';
import { ofPoint, ofPoints, type PointKey } from '../readings/point-key';
import { spreadUseIn } from '../readings/spread-use';
import { type ConsumptionSeries, type CostRequest, type PriceSeries, seriesPointsOf } from './tariff-cost';

/** What tariffCost prices for one data point: its consumption, and its days' highest quarters when read from rollups. */
export type StoredConsumption = { series: ConsumptionSeries } & Pick<CostRequest, 'dailyPeaks'>;

/** A point to read, with the versions that will price it and the series they read (they decide what must be read). */
export interface ConsumptionOf {
  pointId: number;
  timeZone: string;
  versions: readonly TariffVersion[];
  /** The versions' dynamic price and intensity series over the range, by data point id, as tariffCost takes them. */
  prices?: ReadonlyMap<number, PriceSeries>;
}

/**
 * Each point's consumption over [from, to), read the cheapest way that prices it exactly, by point id.
 *
 * - From the hourly rollups, when the range starts and ends at the point's local midnights and every series a
 *   version reads (a dynamic price, an intensity) changes only on the point's local hours, as day-ahead prices
 *   do: a window, a price and an intensity then hold for a whole local hour, and tiers depend only on the
 *   running total, so an hour's sum costs what its readings do. The demand
 *   charge then takes each day's highest quarter from readings_daily. All such points are read in one query
 *   (and their peaks in one more): a query per point cost more than the pricing on PGlite.
 * - Otherwise from the readings, each delta at its instant, and the quarter-hours a step someone chose to
 *   spread books use in (the rollups hold those too).
 */
export async function storedConsumptions(
  db: Database,
  organisationId: number,
  points: readonly ConsumptionOf[],
  from: number,
  to: number,
): Promise<Map<number, StoredConsumption>> {
  const readsRollups = rollupsPricing(from, to);
  const fromRollups = points.filter(readsRollups);
  const fromReadings = points.filter((point) => !fromRollups.includes(point));
  const withDemand = fromRollups.filter(({ versions }) =>
    versions.some((version) => (version.demandPerKw ?? 0) > 0),
  );
  const [hours, peaks] = await Promise.all([
    hourSums(
      db,
      organisationId,
      fromRollups.map((point) => point.pointId),
      from,
      to,
    ),
    dayPeaks(
      db,
      organisationId,
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
  const spread = await spreadUseIn(
    db,
    organisationId,
    fromReadings.map((point) => point.pointId),
    from,
    to,
  );
  for (const { pointId } of fromReadings) {
    const deltas = await readingDeltas(db, { organisation_id: organisationId, id: pointId }, from, to);
    const extras = spread.get(pointId);
    stored.set(pointId, {
      series: extras ? mergedByTime(deltas, { ts: extras.ts, used: extras.amounts }) : deltas,
    });
  }
  return stored;
}

/**
 * Whether the hourly rollups price a point exactly over [from, to). The points of a tariff share its series
 * (a year of hourly prices for each of hundreds of meters): each series is looked at once per time zone.
 */
function rollupsPricing(from: number, to: number): (point: ConsumptionOf) => boolean {
  const onHours = new Map<PriceSeries, Map<string, boolean>>();
  const seriesOnHours = (series: PriceSeries | undefined, timeZone: string): boolean => {
    // A series not read (not the organisation's, or a tariff in another unit) prices nothing either way.
    if (!series) return true;
    let byZone = onHours.get(series);
    if (!byZone) {
      byZone = new Map();
      onHours.set(series, byZone);
    }
    let known = byZone.get(timeZone);
    if (known === undefined) {
      known = changesOnLocalHours(series, zoneOffset(timeZone), from, to);
      byZone.set(timeZone, known);
    }
    return known;
  };
  return ({ timeZone, versions, prices }) =>
    onLocalMidnights(timeZone, from, to) &&
    versions.every((version) =>
      seriesPointsOf(version).every((id) => seriesOnHours(prices?.get(id), timeZone)),
    );
}

/**
 * Whether a series holds each value for whole local hours of the range: every change in (from, to) at the
 * start of one (the rollups' hours, rollup-buckets.ts). A quarter-hourly price, or one from 07:30, may change
 * within an hour, so its hour's readings must each be priced.
 */
function changesOnLocalHours(series: PriceSeries, offset: ZoneOffset, from: number, to: number): boolean {
  for (let index = 0; index < series.ts.length; index++) {
    const at = series.ts[index] as number;
    if (at > from && at < to && localHourStart(offset, at) !== at) return false;
  }
  return true;
}

function onLocalMidnights(timeZone: string, from: number, to: number): boolean {
  const offset = zoneOffset(timeZone);
  const midnight = (at: number) => localDayStart(offset, localDayNumber(offset, at)) === at;
  return midnight(from) && midnight(to);
}

/** Two consumption series in time order as one, an instant in both kept twice (each books its own use). */
function mergedByTime(a: ConsumptionSeries, b: ConsumptionSeries): ConsumptionSeries {
  const merged: { ts: number[]; used: number[] } = { ts: [], used: [] };
  let i = 0;
  let j = 0;
  while (i < a.ts.length || j < b.ts.length) {
    const fromA = j >= b.ts.length || (i < a.ts.length && (a.ts[i] as number) <= (b.ts[j] as number));
    const [series, index] = fromA ? [a, i++] : [b, j++];
    merged.ts.push(series.ts[index] as number);
    merged.used.push(series.used[index] as number);
  }
  return merged;
}

/** The point's deltas in time order, with their instants as epoch milliseconds (packed: see packed-columns.ts). */
async function readingDeltas(
  db: Database,
  point: PointKey,
  from: number,
  to: number,
): Promise<ConsumptionSeries> {
  const { rows } = await sql<{ rows: string }>`
    select ${packedRows(['ms', 'delta'])} as rows from (
      select (date_part('epoch', ts) * 1000)::int8 as ms, delta from readings
      where ${ofPoint(point)} and ts >= ${new Date(from)} and ts < ${new Date(to)} and delta is not null
      order by ts) as reading`.execute(db);
  const [ts = [], used = []] = unpackRows(rows[0]?.rows ?? '', 2);
  return { ts, used };
}

/**
 * The points' hourly sums from readings_hours (a row per local day, its hours as arrays), as two JSON texts a
 * point, which V8 reads several times faster than number by number (see packed-columns.ts): the days' sums, and
 * the days' hours, each as the epoch second of its first hour when they are consecutive (as on a day read without
 * gaps), else as the list of them. An instant for every hour cost PGlite three times the query (bench:cost (a)).
 * The sums are finite: no writer stores NaN or Infinity, which JSON could not carry.
 */
export async function hourSums(
  db: Database,
  organisationId: number,
  pointIds: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, ConsumptionSeries>> {
  const byPoint = new Map<number, ConsumptionSeries>();
  if (pointIds.length === 0) return byPoint;
  const { rows } = await sql<{ data_point_id: number; hours: string; used: string }>`
    select data_point_id,
      '[' || string_agg(
        case when hour_at[cardinality(hour_at)] - hour_at[1] = (cardinality(hour_at) - 1) * interval '1 hour'
          then date_part('epoch', hour_at[1])::int8::text
          else '[' || array_to_string(array(select date_part('epoch', h)::int8 from unnest(hour_at) h), ',') || ']'
        end, ',' order by day) || ']' as hours,
      '[[' || string_agg(array_to_string(consumption, ',', 'null'), '],[' order by day) || ']]' as used
    from readings_hours
    where ${ofPoints(organisationId, pointIds)}
      and day >= ${utcDate(from - DAY_MS)}::date and day <= ${utcDate(to + DAY_MS)}::date
    group by data_point_id`.execute(db);
  for (const row of rows) {
    byPoint.set(row.data_point_id, hoursIn(JSON.parse(row.hours), JSON.parse(row.used), from, to));
  }
  return byPoint;
}

const HOUR_S = 3600;

/**
 * The hours in [from, to) with a sum, from hourSums' days: each day's sums, and its hours as the first one's
 * epoch second (the rest follow an hour apart) or as all of them.
 */
function hoursIn(
  days: readonly (number | readonly number[])[],
  sums: readonly (readonly (number | null)[])[],
  from: number,
  to: number,
): ConsumptionSeries {
  const ts: number[] = [];
  const used: number[] = [];
  for (let day = 0; day < days.length; day++) {
    const hours = days[day] as number | readonly number[];
    const amounts = sums[day] as readonly (number | null)[];
    for (let index = 0; index < amounts.length; index++) {
      const amount = amounts[index];
      const at = 1000 * (typeof hours === 'number' ? hours + index * HOUR_S : (hours[index] as number));
      if (amount === null || amount === undefined || at < from || at >= to) continue;
      ts.push(at);
      used.push(amount);
    }
  }
  return { ts, used };
}

function utcDate(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Each point's days' highest quarter-hours in the range, by point (packed: see packed-columns.ts). */
async function dayPeaks(
  db: Database,
  organisationId: number,
  pointIds: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, NonNullable<StoredConsumption['dailyPeaks']>>> {
  const byPoint = new Map<number, { at: number[]; amount: number[] }>();
  if (pointIds.length === 0) return byPoint;
  const { rows } = await sql<{ rows: string }>`
    select ${packedRows(['id', 'ms', 'quarter_max'])} as rows from (
      select data_point_id as id, (date_part('epoch', quarter_max_at) * 1000)::int8 as ms, quarter_max
      from readings_daily
      where ${ofPoints(organisationId, pointIds)}
        and day >= ${utcDate(from - DAY_MS)}::date and day <= ${utcDate(to + DAY_MS)}::date
        and quarter_max_at >= ${new Date(from)} and quarter_max_at < ${new Date(to)}
        and quarter_max is not null) as peak`.execute(db);
  const [ids = [], at = [], amount = []] = unpackRows(rows[0]?.rows ?? '', 3);
  for (const pointId of pointIds) byPoint.set(pointId, { at: [], amount: [] });
  for (let row = 0; row < ids.length; row++) {
    const peaks = byPoint.get(ids[row] as number) as { at: number[]; amount: number[] };
    peaks.at.push(at[row] as number);
    peaks.amount.push(amount[row] as number);
  }
  return byPoint;
}
