import { sql } from 'kysely';
import { CopyData, copyRows } from '../db/copy';
import type { Database } from '../db/database';
import { localDate, localHourStart, type ZoneOffset, zoneOffset } from '../time/zone-offsets';
import { dayBuckets, type HourBucket, hourBuckets } from './rollup-buckets';

const HOUR = 3_600_000;
const DAY_WINDOW = 26 * HOUR;
const COLUMNS = ['consumption', 'readings', 'value_sum', 'value_min', 'value_max', 'estimated'] as const;

/** The rollup rows a write replaces, ready to load. */
export interface PreparedRollups {
  span: { fromHour: number; toHour: number };
  firstDay: string;
  lastDay: string;
  hourly: CopyData;
  daily: CopyData;
}

/**
 * The stored hours of the local days a span of hours touches, outside the span:
 * with the span's new hours they make those days. Read before the write, so it
 * can be prepared in memory while the database loads the readings.
 */
export async function storedHoursAround(
  db: Database,
  pointId: number,
  span: { fromHour: number; toHour: number },
): Promise<HourBucket[]> {
  // A day is at most 26 hours long, so these windows hold all of them (and a little more, left out later).
  const { rows } = await sql<HourRow>`
    select hour, consumption, readings, value_sum, value_min, value_max, estimated from readings_hourly
    where data_point_id = ${pointId}
      and ((hour >= ${new Date(span.fromHour - DAY_WINDOW)} and hour < ${new Date(span.fromHour)})
        or (hour >= ${new Date(span.toHour)} and hour < ${new Date(span.toHour + DAY_WINDOW)}))
    order by hour
  `.execute(db);
  return rows.map(fromRow);
}

/**
 * The hourly rows of [fromHour, toHour), from the given buckets (every hour in
 * that span that has readings), and the daily rows of every local day the span
 * touches, from those hours and the day's stored hours outside the span.
 */
export function prepareRollups(
  pointId: number,
  offset: ZoneOffset,
  span: { fromHour: number; toHour: number },
  buckets: HourBucket[],
  storedAround: HourBucket[],
): PreparedRollups {
  const firstDay = localDate(offset, span.fromHour);
  const lastDay = localDate(offset, span.toHour - 1);
  const touched = storedAround.filter((hour) => {
    const day = localDate(offset, hour.hour);
    return day >= firstDay && day <= lastDay;
  });
  const hours = [
    ...touched.filter((hour) => hour.hour < span.fromHour),
    ...buckets,
    ...touched.filter((hour) => hour.hour >= span.toHour),
  ];
  const daily = new CopyData();
  for (const day of dayBuckets(hours, offset)) {
    daily.row(8).int4(pointId).date(day.day).float8(day.consumption).int4(day.readings);
    daily.float8(day.valueSum).float8(day.valueMin).float8(day.valueMax).int4(day.estimated);
  }
  return { span, firstDay, lastDay, hourly: hourlyData(pointId, buckets), daily };
}

/** Replaces the span's hourly rows and its days' daily rows. Run it in the transaction that wrote the readings. */
export async function saveRollups(db: Database, pointId: number, rollups: PreparedRollups): Promise<void> {
  const { span, firstDay, lastDay } = rollups;
  await sql`
    delete from readings_hourly
    where data_point_id = ${pointId} and hour >= ${new Date(span.fromHour)} and hour < ${new Date(span.toHour)}
  `.execute(db);
  await copyRows(db, 'readings_hourly', ['data_point_id', 'hour', ...COLUMNS], rollups.hourly);
  await sql`
    delete from readings_daily where data_point_id = ${pointId} and day between ${firstDay}::date and ${lastDay}::date
  `.execute(db);
  await copyRows(db, 'readings_daily', ['data_point_id', 'day', ...COLUMNS], rollups.daily);
}

function hourlyData(pointId: number, buckets: HourBucket[]): CopyData {
  const data = new CopyData();
  for (const bucket of buckets) {
    data.row(8).int4(pointId).timestamptz(bucket.hour).float8(bucket.consumption).int4(bucket.readings);
    data.float8(bucket.valueSum).float8(bucket.valueMin).float8(bucket.valueMax).int4(bucket.estimated);
  }
  return data;
}

interface HourRow {
  hour: Date;
  consumption: number | null;
  readings: number;
  value_sum: number;
  value_min: number;
  value_max: number;
  estimated: number;
}

function fromRow(row: HourRow): HourBucket {
  return {
    hour: row.hour.getTime(),
    consumption: row.consumption,
    readings: row.readings,
    valueSum: row.value_sum,
    valueMin: row.value_min,
    valueMax: row.value_max,
    estimated: row.estimated,
  };
}

/**
 * Rebuilds the rollups of [fromMs, toMs] from the readings stored now: for
 * changes that do not go through writeReadings, such as a site's new time zone.
 */
export async function refreshRollups(
  db: Database,
  point: { id: number; time_zone: string },
  fromMs: number,
  toMs: number,
): Promise<void> {
  const offset = zoneOffset(point.time_zone);
  const span = hourSpan(offset, fromMs, toMs);
  const { rows } = await sql<{ ts: Date; value: number; delta: number | null; quality: number }>`
    select ts, value, delta, quality from readings
    where data_point_id = ${point.id} and ts >= ${new Date(span.fromHour)} and ts < ${new Date(span.toHour)}
    order by ts
  `.execute(db);
  const series = {
    ts: rows.map((row) => row.ts.getTime()),
    values: rows.map((row) => row.value),
    deltas: rows.map((row) => row.delta),
    quality: rows.map((row) => row.quality),
  };
  const around = await storedHoursAround(db, point.id, span);
  await saveRollups(
    db,
    point.id,
    prepareRollups(point.id, offset, span, hourBuckets(series, offset), around),
  );
}

/** The local hours [fromHour, toHour) that hold the instants fromMs to toMs. */
export function hourSpan(
  offset: ZoneOffset,
  fromMs: number,
  toMs: number,
): { fromHour: number; toHour: number } {
  return { fromHour: localHourStart(offset, fromMs), toHour: localHourStart(offset, toMs) + HOUR };
}
