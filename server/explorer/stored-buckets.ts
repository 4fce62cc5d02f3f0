import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database';
import { type Aggregate, type BucketRows, emptyBucketRows, Fold } from './bucket-rows';
import { type BucketCalendar, bucketCalendar, type Resolution } from './calendar';
import type { ExplorerPoint } from './explorer-points';
import { packed, unpack } from './packed-columns';

/** The instants a series covers, [from, to), and the same as local day numbers [firstDay, endDay). */
export interface PointSpan {
  from: number;
  to: number;
  firstDay: number;
  endDay: number;
}

/** One stored point's request: its span and how its buckets combine. */
export interface StoredRequest {
  point: ExplorerPoint;
  aggregate: Aggregate;
  span: PointSpan;
}

type Path = 'readings' | 'hourly' | 'daily' | 'readings-in-memory';

/**
 * Where a resolution is answered from: the coarsest store that has it.
 * Rollups keep sums, minima and maxima of values; a cumulative register's
 * value is its reading, not its consumption, so its average, minimum and
 * maximum consumption per bucket come from the readings. Quarter hours come
 * from the readings too, bucketed here: meters mostly read every 15 minutes,
 * so grouping in SQL would cost the database as much again as reading them
 * (bench:explorer, case a) to merge next to nothing.
 */
function pathFor(resolution: Resolution, point: ExplorerPoint, aggregate: Aggregate): Path {
  if (resolution === 'raw') return 'readings';
  if (resolution === '15min') return 'readings-in-memory';
  if (point.kind === 'cumulative' && aggregate !== 'sum') return 'readings-in-memory';
  return resolution === 'hour' ? 'hourly' : 'daily';
}

/**
 * The buckets of stored points, in the order of the requests: one query per
 * group of points that share a store, an expression and a span. Each point
 * appears once per aggregate.
 */
export async function storedBuckets(
  db: Database,
  resolution: Resolution,
  requests: readonly StoredRequest[],
): Promise<BucketRows[]> {
  const groups = new Map<string, StoredRequest[]>();
  for (const request of requests) {
    const path = pathFor(resolution, request.point, request.aggregate);
    const { point, span } = request;
    const id = [path, valueClass(point), request.aggregate, point.timeZone, span.from, span.to].join(' ');
    groups.set(id, [...(groups.get(id) ?? []), request]);
  }
  const found = new Map<string, BucketRows>();
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const first = group[0] as StoredRequest;
      const path = pathFor(resolution, first.point, first.aggregate);
      const rows =
        path === 'readings-in-memory'
          ? await bucketReadingsInMemory(db, group, bucketCalendar(resolution, first.point.timeZone))
          : await queryBuckets(db, path, resolution, group);
      for (const [id, bucketRows] of rows) found.set(`${id} ${first.aggregate}`, bucketRows);
    }),
  );
  return requests.map(
    (request) => found.get(`${request.point.id} ${request.aggregate}`) ?? emptyBucketRows(),
  );
}

/** Consumption (the delta each reading carries) or a state (the value itself). */
function valueClass(point: ExplorerPoint): 'consumption' | 'state' {
  return point.kind === 'instantaneous' ? 'state' : 'consumption';
}

async function queryBuckets(
  db: Database,
  path: Exclude<Path, 'readings-in-memory'>,
  resolution: Resolution,
  group: StoredRequest[],
): Promise<Map<number, BucketRows>> {
  const first = group[0] as StoredRequest;
  const ids = pointIds(group.map((request) => request.point.id));
  const query = bucketQuery(path, resolution, valueClass(first.point), first.aggregate, ids, first.span);
  return byPoint(await asArrays(query).execute(db));
}

interface Row {
  id: number;
  k: number;
  v: number;
  s: number;
  n: number;
}

/** One point's buckets as four columns in key order, each packed as one text of numbers (see packed-columns.ts). */
interface PackedRow {
  id: number;
  k: string;
  v: string;
  s: string;
  n: string;
}

/**
 * Ids as one array parameter: a list of hundreds of parameters costs PGlite
 * more to bind than the query takes (bench:explorer, case c).
 */
export const pointIds = (ids: readonly number[]) => sql`${[...ids]}::int[]`;

/** The buckets, one row per point, each column packed (see packed-columns.ts). */
function asArrays(buckets: RawBuilder<Row>): RawBuilder<PackedRow> {
  return sql<PackedRow>`
    select id, ${packed('k')} as k, ${packed('v')} as v, ${packed('s')} as s, ${packed('n')} as n
    from (${buckets}) as bucket group by id`;
}

function bucketQuery(
  path: Exclude<Path, 'readings-in-memory'>,
  resolution: Resolution,
  measure: 'consumption' | 'state',
  aggregate: Aggregate,
  ids: RawBuilder<unknown>,
  span: PointSpan,
): RawBuilder<Row> {
  const from = new Date(span.from);
  const to = new Date(span.to);
  if (path === 'readings') {
    const q = sql.raw(measure === 'consumption' ? 'delta' : 'value');
    return sql<Row>`
      select data_point_id as id, extract(epoch from ts)::float8 * 1000 as k, ${q} as v, ${q} as s, 1 as n
      from readings where data_point_id = any(${ids}) and ts >= ${from} and ts < ${to} and ${q} is not null
      order by 1, 2`;
  }
  if (path === 'daily' && resolution === 'day') return plainDays(measure, aggregate, ids, span);
  const v = sql.raw(rollupValue(measure, aggregate));
  const s = sql.raw(measure === 'consumption' ? 'sum(consumption)' : 'sum(value_sum)');
  if (path === 'hourly') {
    return sql<Row>`
      select data_point_id as id, extract(epoch from hour)::float8 * 1000 as k,
        (${v})::float8 as v, (${s})::float8 as s, sum(readings)::float8 as n
      from readings_hourly where data_point_id = any(${ids}) and hour >= ${from} and hour < ${to}
      group by 1, 2 order by 1, 2`;
  }
  const day =
    resolution === 'day' ? sql.raw('day') : sql.raw(`date_trunc('${resolution}', day::timestamp)::date`);
  const firstDay = sql`(date '1970-01-01' + ${span.firstDay}::int)`;
  const endDay = sql`(date '1970-01-01' + ${span.endDay}::int)`;
  return sql<Row>`
    select data_point_id as id, (${day} - date '1970-01-01') as k,
      (${v})::float8 as v, (${s})::float8 as s, sum(readings)::float8 as n
    from readings_daily where data_point_id = any(${ids}) and day >= ${firstDay} and day < ${endDay}
    group by 1, 2 order by 1, 2`;
}

/** Days at day resolution are the daily rows as they are: grouping them one by one would cost as much again as reading them. */
function plainDays(
  measure: 'consumption' | 'state',
  aggregate: Aggregate,
  ids: RawBuilder<unknown>,
  span: PointSpan,
): RawBuilder<Row> {
  const total = measure === 'consumption' ? 'consumption' : 'value_sum';
  const value =
    aggregate === 'min'
      ? 'value_min'
      : aggregate === 'max'
        ? 'value_max'
        : aggregate === 'sum'
          ? total
          : `${total} / nullif(readings, 0)`;
  return sql<Row>`
    select data_point_id as id, (day - date '1970-01-01') as k, (${sql.raw(value)})::float8 as v,
      ${sql.raw(total)}::float8 as s, readings::float8 as n
    from readings_daily
    where data_point_id = any(${ids})
      and day >= (date '1970-01-01' + ${span.firstDay}::int) and day < (date '1970-01-01' + ${span.endDay}::int)
    order by 1, 2`;
}

/** A bucket's value from rollup rows (hours, or the days of a day, week or month). */
function rollupValue(measure: 'consumption' | 'state', aggregate: Aggregate): string {
  if (aggregate === 'min') return 'min(value_min)';
  if (aggregate === 'max') return 'max(value_max)';
  const total = measure === 'consumption' ? 'sum(consumption)' : 'sum(value_sum)';
  return aggregate === 'sum' ? total : `${total} / nullif(sum(readings), 0)`;
}

function byPoint({ rows }: { rows: PackedRow[] }): Map<number, BucketRows> {
  return new Map(
    rows.map((row) => [
      row.id,
      { keys: unpack(row.k), values: unpack(row.v), sums: unpack(row.s), counts: unpack(row.n) },
    ]),
  );
}

/** Buckets of the readings themselves (their consumption, or their values for a state), folded here. */
async function bucketReadingsInMemory(
  db: Database,
  group: StoredRequest[],
  calendar: BucketCalendar,
): Promise<Map<number, BucketRows>> {
  const first = group[0] as StoredRequest;
  const readings = bucketQuery(
    'readings',
    'raw',
    valueClass(first.point),
    'sum',
    pointIds(group.map((r) => r.point.id)),
    first.span,
  );
  const result = new Map<number, BucketRows>();
  for (const [id, raw] of byPoint(await asArrays(readings).execute(db))) {
    const rows = emptyBucketRows();
    let fold = new Fold();
    let key = Number.NaN;
    const close = () => {
      if (fold.count === 0) return;
      rows.keys.push(key);
      rows.values.push(fold.result(first.aggregate));
      rows.sums.push(fold.sum);
      rows.counts.push(fold.count);
    };
    for (let i = 0; i < raw.keys.length; i++) {
      const at = calendar.keyAt(raw.keys[i] as number);
      if (at !== key) {
        close();
        fold = new Fold();
        key = at;
      }
      fold.add(raw.values[i] as number);
    }
    close();
    result.set(id, rows);
  }
  return result;
}
