import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database';
import { packedRows, rowsByPoint, unpackRows } from '../db/packed-columns';
import { ofPoints } from '../readings/point-key';
import { storedHours } from '../readings/stored-hours';
import { type Aggregate, type BucketRows, emptyBucketRows, Fold } from './bucket-rows';
import { type BucketCalendar, bucketCalendar, type Resolution } from './calendar';
import type { ExplorerPoint } from './explorer-points';

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
    const id = [
      path,
      valueClass(point),
      request.aggregate,
      point.organisationId,
      point.timeZone,
      span.from,
      span.to,
    ];
    const group = id.join(' ');
    groups.set(group, [...(groups.get(group) ?? []), request]);
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
  const points = {
    organisationId: first.point.organisationId,
    ids: group.map((request) => request.point.id),
  };
  const query = bucketQuery(path, resolution, valueClass(first.point), first.aggregate, points, first.span);
  return bucketsByPoint(await packed(query, first.aggregate).execute(db), first.aggregate);
}

/**
 * A bucket: its point, its key, the sum of its readings' values (for totals)
 * and how many there are (for coverage and averages); its extreme only when
 * the aggregate is min or max, since a sum or an average follows from the
 * other two (and every float costs PGlite more to print than an integer).
 */
interface Row {
  id: number;
  k: number;
  s: number | null;
  n: number;
  m?: number | null;
}

const extremes = (aggregate: Aggregate) => aggregate === 'min' || aggregate === 'max';

/** The buckets as one packed text (see packed-columns.ts). */
function packed(buckets: RawBuilder<Row>, aggregate: Aggregate): RawBuilder<{ rows: string }> {
  const columns = extremes(aggregate) ? ['id', 'k', 's', 'n', 'm'] : ['id', 'k', 's', 'n'];
  return sql`select ${packedRows(columns)} as rows from (${buckets}) as bucket`;
}

/** Points of one organisation, as the readings tables find them (readings/point-key.ts). */
interface PointsOf {
  organisationId: number;
  ids: readonly number[];
}

function bucketQuery(
  path: Exclude<Path, 'readings-in-memory'>,
  resolution: Resolution,
  measure: 'consumption' | 'state',
  aggregate: Aggregate,
  points: PointsOf,
  span: PointSpan,
): RawBuilder<Row> {
  const ofThesePoints = ofPoints(points.organisationId, points.ids);
  const from = new Date(span.from);
  const to = new Date(span.to);
  if (path === 'readings') {
    const q = sql.raw(measure === 'consumption' ? 'delta' : 'value');
    return sql<Row>`
      select data_point_id as id, (date_part('epoch', ts) * 1000)::int8 as k, ${q} as s, 1 as n, ${q} as m
      from readings where ${ofThesePoints} and ts >= ${from} and ts < ${to} and ${q} is not null
      order by 1, 2`;
  }
  if (path === 'daily' && resolution === 'day') return plainDays(measure, aggregate, ofThesePoints, span);
  const m = sql.raw(aggregate === 'min' ? 'min(value_min)' : 'max(value_max)');
  const s = sql.raw(measure === 'consumption' ? 'sum(consumption)' : 'sum(value_sum)');
  if (path === 'hourly') {
    return sql<Row>`
      select data_point_id as id, (date_part('epoch', hour) * 1000)::int8 as k,
        ${s} as s, sum(readings) as n, ${m} as m
      from (${storedHours(points.organisationId, points.ids, from, to)}) as h
      group by 1, 2 order by 1, 2`;
  }
  const day =
    resolution === 'day' ? sql.raw('day') : sql.raw(`date_trunc('${resolution}', day::timestamp)::date`);
  const firstDay = sql`(date '1970-01-01' + ${span.firstDay}::int)`;
  const endDay = sql`(date '1970-01-01' + ${span.endDay}::int)`;
  return sql<Row>`
    select data_point_id as id, (${day} - date '1970-01-01') as k, ${s} as s, sum(readings) as n, ${m} as m
    from readings_daily where ${ofThesePoints} and day >= ${firstDay} and day < ${endDay}
    group by 1, 2 order by 1, 2`;
}

/**
 * Days at day resolution are the daily rows as they are: grouping them one by
 * one would cost as much again as reading them, and so would sorting them
 * (bucketsByPoint puts each point's days in order).
 */
function plainDays(
  measure: 'consumption' | 'state',
  aggregate: Aggregate,
  ofThesePoints: RawBuilder<boolean>,
  span: PointSpan,
): RawBuilder<Row> {
  const total = measure === 'consumption' ? 'consumption' : 'value_sum';
  const extreme = aggregate === 'min' ? 'value_min' : 'value_max';
  return sql<Row>`
    select data_point_id as id, (day - date '1970-01-01') as k, ${sql.raw(total)} as s, readings as n,
      ${sql.raw(extreme)} as m
    from readings_daily
    where ${ofThesePoints}
      and day >= (date '1970-01-01' + ${span.firstDay}::int) and day < (date '1970-01-01' + ${span.endDay}::int)`;
}

/** A bucket's value: its extreme, its sum, or its sum over its readings (as PostgreSQL would divide them). */
function bucketValue(aggregate: Aggregate, sum: number | null, count: number, extreme: number | null) {
  if (extremes(aggregate)) return extreme;
  if (aggregate === 'sum' || sum === null) return sum;
  return count === 0 ? null : sum / count;
}

function bucketsByPoint(
  { rows }: { rows: { rows: string }[] },
  aggregate: Aggregate,
): Map<number, BucketRows> {
  const columns = unpackRows(rows[0]?.rows ?? '', extremes(aggregate) ? 5 : 4);
  const [, keys, sums, counts, extreme] = columns as [number[], number[], number[], number[], number[]?];
  const found = new Map<number, BucketRows>();
  for (const [id, order] of rowsByPoint(columns)) {
    const buckets: BucketRows = {
      keys: new Array(order.length),
      values: new Array(order.length),
      sums: new Array(order.length),
      counts: new Array(order.length),
    };
    order.forEach((row, at) => {
      const sum = sums[row] as number;
      const count = counts[row] as number;
      buckets.keys[at] = keys[row] as number;
      buckets.values[at] = bucketValue(aggregate, sum, count, extreme?.[row] ?? null) as number;
      buckets.sums[at] = sum;
      buckets.counts[at] = count;
    });
    found.set(id, buckets);
  }
  return found;
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
    { organisationId: first.point.organisationId, ids: group.map((request) => request.point.id) },
    first.span,
  );
  const result = new Map<number, BucketRows>();
  for (const [id, raw] of bucketsByPoint(await packed(readings, 'sum').execute(db), 'sum')) {
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
