import { sql } from 'kysely';
import { localDate, type ZoneOffset, zoneOffset } from '../../src/time/zone-offsets';
import { copyRows } from '../db/copy';
import { CopyData } from '../db/copy-data';
import type { Database } from '../db/database';
import type { DataPointKind } from '../db/tables';
import { type DaySpan, daySpan } from './day-span';
import { ofPoint, type PointKey } from './point-key';
import { spreadStepsIn } from './register-step-rows';
import { eachRollupDay, type StoredSeries } from './rollup-buckets';
import { type BookedStep, type ExtraQuarters, spreadQuarters } from './step-booking';

/** Both rollup tables' key, in the order prepareRollups writes it. */
const ROLLUP_KEY = ['organisation_id', 'data_point_id', 'day'] as const;
const COLUMNS = ['consumption', 'readings', 'value_sum', 'value_min', 'value_max', 'estimated'] as const;
const QUARTER_COLUMNS = [
  'quarters',
  'quarter_sum',
  'quarter_min',
  'quarter_min_at',
  'quarter_max',
  'quarter_max_at',
] as const;
/** readings_hours' arrays, in the order prepareRollups writes them. */
const HOUR_COLUMNS = [
  'hour_at',
  'consumption',
  'readings',
  'value_sum',
  'value_min',
  'value_max',
  'estimated',
] as const;

/** The rollup rows a write replaces, ready to load. */
export interface PreparedRollups {
  /** The span's first and last local dates, YYYY-MM-DD. */
  firstDay: string;
  lastDay: string;
  daily: CopyData;
  hours: CopyData;
}

/**
 * The hourly and daily rows of a span of whole local days, from every reading
 * stored in it (given in time order with their booked deltas; `to` bounds the
 * ones that belong) and the spread steps that book use in it. Whole days,
 * because a day's row needs all of its quarter-hours, not only its hours.
 */
export function prepareRollups(
  point: PointKey & { kind: DataPointKind },
  offset: ZoneOffset,
  span: DaySpan,
  series: StoredSeries,
  to = series.ts.length,
  spread: readonly BookedStep[] = [],
  /** Where the rows go: several points' rollups loaded by one COPY each (saveRollupsOfPoints). */
  into: { daily: CopyData; hours: CopyData } = { daily: new CopyData(), hours: new CopyData() },
): PreparedRollups {
  const { daily, hours: hourly } = into;
  const measure = point.kind === 'instantaneous' ? 'state' : 'consumption';
  const extras: ExtraQuarters = { ts: [], amounts: [] };
  for (const step of spread) spreadQuarters(step, span.from, span.to, extras);
  eachRollupDay(
    series,
    offset,
    measure,
    to,
    (day) => {
      daily
        .row(15)
        .int4(point.organisation_id)
        .int4(point.id)
        .epochDay(day.dayNumber)
        .float8(day.consumption)
        .int4(day.readings);
      daily.float8(day.valueSum).float8(day.valueMin).float8(day.valueMax).int4(day.estimated);
      daily.int4(day.quarters).float8(day.quarterSum);
      daily.float8(day.quarterMin).timestamptz(day.quarterMinAt);
      daily.float8(day.quarterMax).timestamptz(day.quarterMaxAt);
      // In the order of HOUR_COLUMNS.
      const { hours } = day;
      hourly
        .row(10)
        .int4(point.organisation_id)
        .int4(point.id)
        .epochDay(day.dayNumber)
        .timestamptzArray(hours.at);
      hourly.float8Array(hours.consumption).int4Array(hours.readings).float8Array(hours.valueSum);
      hourly.float8Array(hours.valueMin).float8Array(hours.valueMax).int4Array(hours.estimated);
    },
    extras,
  );
  return {
    firstDay: localDate(offset, span.from),
    lastDay: localDate(offset, span.to - 1),
    daily,
    hours: hourly,
  };
}

/** Replaces the span's daily rows and hours. Run it in the transaction that wrote the readings. */
export async function saveRollups(db: Database, point: PointKey, rollups: PreparedRollups): Promise<void> {
  const { firstDay, lastDay } = rollups;
  // One statement, one round trip: a write's fixed cost is paid per batch, and MQTT sends small ones.
  await sql`
    with hours as (
      delete from readings_hours where ${ofPoint(point)} and day between ${firstDay}::date and ${lastDay}::date
    )
    delete from readings_daily where ${ofPoint(point)} and day between ${firstDay}::date and ${lastDay}::date
  `.execute(db);
  await copyRollups(db, rollups);
}

/** Loads prepared hours and days (of one point or several) into their tables, after their days were deleted. */
async function copyRollups(db: Database, rows: { daily: CopyData; hours: CopyData }): Promise<void> {
  await copyRows(db, 'readings_hours', [...ROLLUP_KEY, ...HOUR_COLUMNS], rows.hours);
  await copyRows(db, 'readings_daily', [...ROLLUP_KEY, ...COLUMNS, ...QUARTER_COLUMNS], rows.daily);
}

/** The days one point's rollups cover in a write of several points' (saveRollupsOfPoints). */
export interface RollupDays {
  point: PointKey;
  /** YYYY-MM-DD, as PreparedRollups has them. */
  firstDay: string;
  lastDay: string;
}

/**
 * Replaces several points' rollups of their days with the rows prepared into
 * `rows` (prepareRollups' `into`): three statements for all of them, as
 * saveRollups takes for one. Run it in the transaction that wrote the readings.
 */
export async function saveRollupsOfPoints(
  db: Database,
  days: readonly RollupDays[],
  rows: { daily: CopyData; hours: CopyData },
): Promise<void> {
  if (days.length === 0) return;
  const organisations = days.map(({ point }) => point.organisation_id);
  const ids = days.map(({ point }) => point.id);
  const firsts = days.map(({ firstDay }) => firstDay);
  const lasts = days.map(({ lastDay }) => lastDay);
  await sql`
    with spans as (
      select * from unnest(${organisations}::int4[], ${ids}::int4[], ${firsts}::date[], ${lasts}::date[])
        as s(organisation_id, data_point_id, first_day, last_day)
    ), hours as (
      delete from readings_hours h using spans s
      where h.organisation_id = s.organisation_id and h.data_point_id = s.data_point_id
        and h.day between s.first_day and s.last_day
    )
    delete from readings_daily d using spans s
    where d.organisation_id = s.organisation_id and d.data_point_id = s.data_point_id
      and d.day between s.first_day and s.last_day
  `.execute(db);
  await copyRollups(db, rows);
}

/**
 * Rebuilds the rollups of the days holding fromMs to toMs from the readings
 * stored now and the spread steps booked in them: for changes that do not go
 * through writeReadings, such as a site's new time zone or a choice made on a
 * suspicious step.
 */
export async function refreshRollups(
  db: Database,
  point: PointKey & { kind: DataPointKind; time_zone: string },
  fromMs: number,
  toMs: number,
): Promise<void> {
  const offset = zoneOffset(point.time_zone);
  const span = daySpan(offset, fromMs, toMs);
  const { rows } = await sql<{ ts: Date; value: number; delta: number | null; quality: number }>`
    select ts, value, delta, quality from readings
    where ${ofPoint(point)} and ts >= ${new Date(span.from)} and ts < ${new Date(span.to)}
    order by ts
  `.execute(db);
  const series = {
    ts: rows.map((row) => row.ts.getTime()),
    values: rows.map((row) => row.value),
    deltas: rows.map((row) => row.delta),
    quality: rows.map((row) => row.quality),
  };
  const spread = point.kind === 'cumulative' ? await spreadStepsIn(db, point, span) : [];
  await saveRollups(db, point, prepareRollups(point, offset, span, series, rows.length, spread));
}
