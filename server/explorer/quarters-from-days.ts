import { sql } from 'kysely';
import type { SeriesSummary } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { packedRows, rowsByPoint, unpackRows } from '../db/packed-columns';
import { ofPoints } from '../readings/point-key';
import type { DenseSeries } from './dense-series';
import type { ExplorerPoint } from './explorer-points';
import { dayColumns } from './pixel-columns';
import type { PointSpan } from './stored-buckets';
import { coveragePercent } from './summary';

/** A stored point's quarter-hours as a chart of whole-day columns draws them, and their summary. */
export interface QuartersByColumn {
  series: DenseSeries & { reduced: true };
  summary: SeriesSummary;
}

/** One day of readings_daily, as quartersFromDays reads it. */
interface DayRow {
  d: number;
  quarters: number | null;
  s: number | null;
  lo: number | null;
  loAt: number | null;
  hi: number | null;
  hiAt: number | null;
  n: number;
}

const COLUMNS = ['id', 'd', 'quarters', 's', 'lo', 'lo_at', 'hi', 'hi_at', 'n'];

/**
 * Quarter-hour series of stored points, already cut to `width` columns of
 * whole days, from each day's lowest and highest quarter-hour in
 * readings_daily: a row a day instead of 96 readings, and the same answer as
 * reducing every quarter-hour (reduce.ts), since a column's first lowest is
 * the first lowest of its days. Only for a point's own measure (a meter's
 * consumption summed, a state averaged), which is what the days keep. A
 * point with days written before they kept quarter-hours is left out, for
 * the caller to read from the readings.
 */
export async function quartersFromDays(
  db: Database,
  requests: readonly { point: ExplorerPoint; span: PointSpan }[],
  width: number,
  now: number,
): Promise<Map<number, QuartersByColumn>> {
  const found = new Map<number, QuartersByColumn>();
  const groups = new Map<
    string,
    { organisationId: number; timeZone: string; from: number; to: number; points: ExplorerPoint[] }
  >();
  for (const { point, span } of requests) {
    const id = `${point.organisationId} ${point.timeZone} ${span.from} ${span.to}`;
    const group = groups.get(id) ?? {
      organisationId: point.organisationId,
      timeZone: point.timeZone,
      from: span.from,
      to: span.to,
      points: [],
    };
    group.points.push(point);
    groups.set(id, group);
  }
  for (const { organisationId, timeZone, from, to, points } of groups.values()) {
    const columns = dayColumns('15min', timeZone, from, to, width);
    if (!columns) continue;
    const { firstDay, days } = columns.days;
    // Unsorted: dayRows puts each point's days in order, for less than PGlite's sort would cost.
    const { rows } = await sql<{ rows: string }>`
      select ${packedRows(COLUMNS)} as rows
      from (
        select data_point_id as id, (day - date '1970-01-01') as d, quarters, quarter_sum as s,
          quarter_min as lo, (date_part('epoch', quarter_min_at) * 1000)::int8 as lo_at,
          quarter_max as hi, (date_part('epoch', quarter_max_at) * 1000)::int8 as hi_at, readings as n
        from readings_daily
        where ${ofPoints(
          organisationId,
          points.map((point) => point.id),
        )}
          and day >= (date '1970-01-01' + ${firstDay}::int) and day < (date '1970-01-01' + ${firstDay + days}::int)
      ) as days`.execute(db);
    const starts = [from, ...columns.ends.slice(0, -1)];
    const byPoint = dayRows(unpackRows(rows[0]?.rows ?? '', COLUMNS.length));
    for (const point of points) {
      const own = byPoint.get(point.id) ?? [];
      if (own.some((row) => row.quarters === null)) continue;
      found.set(point.id, {
        series: columnSeries(own, starts, (day) => columns.columnOfDay(day - firstDay)),
        summary: summaryOf(own, point, from, to, now),
      });
    }
  }
  return found;
}

/** Each point's days in order, one object a day (a few hundred, where quarter-hours would be tens of thousands). */
function dayRows(columns: number[][]): Map<number, DayRow[]> {
  const [, d, quarters, s, lo, loAt, hi, hiAt, n] = columns as number[][];
  const byPoint = new Map<number, DayRow[]>();
  for (const [id, order] of rowsByPoint(columns)) {
    byPoint.set(
      id,
      order.map((i) => ({
        d: d?.[i] as number,
        quarters: quarters?.[i] ?? null,
        s: s?.[i] ?? null,
        lo: lo?.[i] ?? null,
        loAt: loAt?.[i] ?? null,
        hi: hi?.[i] ?? null,
        hiAt: hiAt?.[i] ?? null,
        n: n?.[i] ?? 0,
      })),
    );
  }
  return byPoint;
}

/** Per column, its first lowest and first highest quarter-hour in time order, or a gap at its start. */
function columnSeries(
  rows: DayRow[],
  starts: number[],
  columnOf: (day: number) => number,
): DenseSeries & { reduced: true } {
  const t: number[] = [];
  const v: (number | null)[] = [];
  let next = 0;
  for (let column = 0; column < starts.length; column++) {
    let low: DayRow | undefined;
    let high: DayRow | undefined;
    for (; next < rows.length && columnOf((rows[next] as DayRow).d) === column; next++) {
      const row = rows[next] as DayRow;
      if (!row.quarters) continue;
      if (!low || (row.lo as number) < (low.lo as number)) low = row;
      if (!high || (row.hi as number) > (high.hi as number)) high = row;
    }
    if (!low || !high) {
      t.push(starts[column] as number);
      v.push(null);
      continue;
    }
    const lowPoint = { t: low.loAt as number, v: low.lo as number };
    const highPoint = { t: high.hiAt as number, v: high.hi as number };
    const inOrder =
      lowPoint.t === highPoint.t
        ? [lowPoint]
        : lowPoint.t < highPoint.t
          ? [lowPoint, highPoint]
          : [highPoint, lowPoint];
    for (const point of inOrder) {
      t.push(point.t);
      v.push(point.v);
    }
  }
  return { t, v, reduced: true };
}

/** The summary storedSummary gives for every quarter-hour, from the days' counts, sums and extremes. */
function summaryOf(
  rows: DayRow[],
  point: ExplorerPoint,
  from: number,
  to: number,
  now: number,
): SeriesSummary {
  let quarters = 0;
  let sum = 0;
  let readings = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    readings += row.n;
    if (!row.quarters) continue;
    quarters += row.quarters;
    sum += row.s as number;
    min = Math.min(min, row.lo as number);
    max = Math.max(max, row.hi as number);
  }
  const until = Math.min(to, now);
  const expected = Math.floor((until - from) / (point.intervalMinutes * 60_000));
  const consumption = point.kind !== 'instantaneous';
  return {
    min: quarters === 0 ? null : min,
    max: quarters === 0 ? null : max,
    mean: quarters === 0 ? null : sum / quarters,
    buckets: quarters,
    total: consumption && quarters > 0 ? sum : null,
    coverage: coveragePercent(readings, expected),
  };
}
