import { sql } from 'kysely';
import { copyRows } from '../db/copy';
import type { Database } from '../db/database';
import type { DataPointKind } from '../db/tables';
import { type ZoneOffset, zoneOffset } from '../time/zone-offsets';
import { registerDeltas } from './consumption';
import { type DaySpan, daySpan, prepareRollups, saveRollups } from './rollups';

/** What a write needs to know of its data point. */
export interface PointForWrite {
  id: number;
  kind: DataPointKind;
  register_max: number | null;
  time_zone: string;
}

/** Readings of one data point, in any order; a later duplicate of an instant wins. */
export interface Series {
  ts: ArrayLike<number>;
  values: ArrayLike<number>;
  /** 0 measured, 1 estimated; measured when absent. */
  quality?: ArrayLike<number>;
}

export interface WriteSummary {
  written: number;
  resets: number;
  rollovers: number;
}

/** Any number, the same in every process: the first key of the per-point write lock. */
const WRITE_LOCK = 7_301_002;
const READING_COLUMNS = ['data_point_id', 'ts', 'value', 'delta', 'quality'] as const;

/**
 * Upserts readings of one data point and brings everything derived from them
 * up to date: the deltas of a cumulative register (including the stored
 * readings around a late or out-of-order batch), the hourly and daily rollups
 * of every local day touched, and the point's last value. Call it inside a
 * transaction, so a failure leaves nothing half-written.
 *
 * The work is done in memory on the batch plus the stored readings of the
 * days it touches, and written with COPY where nothing is overwritten: the
 * common case of new data costs little more than loading it.
 */
export async function writeReadings(
  db: Database,
  point: PointForWrite,
  series: Series,
): Promise<WriteSummary> {
  const batch = sortedUnique(series);
  const count = batch.ts.length;
  if (count === 0) return { written: 0, resets: 0, rollovers: 0 };
  await sql`select pg_advisory_xact_lock(${WRITE_LOCK}, ${point.id})`.execute(db);

  const first = batch.ts[0] as number;
  const last = batch.ts[count - 1] as number;
  const offset = zoneOffset(point.time_zone);
  const cumulative = point.kind === 'cumulative';
  const { before, after, stored, span } = await storedAround(db, point.id, offset, first, last, cumulative);

  const merged = mergeSeries(stored, batch, before, after);
  let resets = 0;
  let rollovers = 0;
  if (cumulative) ({ resets, rollovers } = applyRegisterDeltas(merged, point.register_max));
  else
    merged.deltas =
      point.kind === 'interval' ? Array.from(merged.values) : new Array(merged.ts.length).fill(null);

  const overwrites = stored.some((row) => row.ts >= first && row.ts <= last);
  // The database loads the readings while the rollups are computed here.
  const saving = saveBatch(db, point.id, merged, overwrites);
  saving.catch(() => {});
  await new Promise((resolve) => setImmediate(resolve)); // lets the COPY be sent before the summing starts
  // Only the reading after the batch can lie beyond the span; it is last.
  const lastIndex = merged.ts.length - 1;
  const inSpan = lastIndex >= 0 && (merged.ts[lastIndex] as number) >= span.to ? lastIndex : merged.ts.length;
  const rollups = prepareRollups(point, offset, span, merged, inSpan);
  await saving;
  await saveChangedDeltas(db, point.id, merged);
  await saveRollups(db, point.id, rollups);
  await sql`
    update data_points set last_ts = ${new Date(last)}, last_value = ${batch.values[count - 1] as number}
    where id = ${point.id} and (last_ts is null or last_ts <= ${new Date(last)})
  `.execute(db);
  return { written: count, resets, rollovers };
}

/**
 * The batch merged with the stored readings around it, in time order, column by column
 * (objects per reading would cost more than the database's work on a large batch).
 */
interface Merged {
  ts: Float64Array;
  values: Float64Array;
  deltas: (number | null)[];
  quality: Uint8Array;
  /** 1 where the reading comes from the batch. */
  fromBatch: Uint8Array;
  /** A stored reading's delta as stored, to know whether it changed. */
  storedDeltas: (number | null)[];
}

interface SortedBatch {
  ts: Float64Array;
  values: Float64Array;
  quality: Uint8Array;
}

function sortedUnique(series: Series): SortedBatch {
  const ascending = isAscending(series.ts);
  // The usual batch is in order without repeats; as typed arrays (a meter file's chunks) it is taken as it is.
  const { ts: times, values: numbers, quality: flags } = series;
  if (
    ascending &&
    times instanceof Float64Array &&
    numbers instanceof Float64Array &&
    flags instanceof Uint8Array
  ) {
    return { ts: times, values: numbers, quality: flags };
  }
  const length = series.ts.length;
  const order = Array.from({ length }, (_, index) => index);
  // Stable sort keeps input order among equal instants, so the last duplicate is the one kept.
  if (!ascending) order.sort((a, b) => (series.ts[a] as number) - (series.ts[b] as number));
  const ts = new Float64Array(length);
  const values = new Float64Array(length);
  const quality = new Uint8Array(length);
  let kept = 0;
  for (const index of order) {
    const time = series.ts[index] as number;
    const at = kept > 0 && ts[kept - 1] === time ? kept - 1 : kept++;
    ts[at] = time;
    values[at] = series.values[index] as number;
    quality[at] = series.quality?.[index] ?? 0;
  }
  return { ts: ts.subarray(0, kept), values: values.subarray(0, kept), quality: quality.subarray(0, kept) };
}

function isAscending(ts: ArrayLike<number>): boolean {
  for (let index = 1; index < ts.length; index++) {
    if ((ts[index] as number) <= (ts[index - 1] as number)) return false;
  }
  return true;
}

type StoredRow = { ts: number; value: number; delta: number | null; quality: number };

/** A readings row as the rest of this file uses it: the instant in epoch milliseconds. */
const storedRow = (row: Omit<StoredRow, 'ts'> & { ts: Date }): StoredRow => ({
  ts: row.ts.getTime(),
  value: row.value,
  delta: row.delta,
  quality: row.quality,
});

/**
 * The whole local days a write rebuilds, their stored readings and, for a
 * register, its stored neighbours on either side, in one round trip. A
 * register's earlier neighbour gets a new delta, so its day is in the span too.
 */
async function storedAround(
  db: Database,
  pointId: number,
  offset: ZoneOffset,
  first: number,
  last: number,
  withNeighbours: boolean,
): Promise<{ before?: StoredRow; after?: StoredRow; stored: StoredRow[]; span: DaySpan }> {
  const batchSpan = daySpan(offset, first, last);
  if (!withNeighbours) {
    return { stored: await storedBetween(db, pointId, batchSpan.from, batchSpan.to), span: batchSpan };
  }
  const { rows } = await sql<Omit<StoredRow, 'ts'> & { ts: Date; side: 'before' | 'after' | 'span' }>`
    (select ts, value, delta, quality, 'before' as side from readings
      where data_point_id = ${pointId} and ts < ${new Date(first)} order by ts desc limit 1)
    union all
    (select ts, value, delta, quality, 'after' as side from readings
      where data_point_id = ${pointId} and ts > ${new Date(last)} order by ts limit 1)
    union all
    (select ts, value, delta, quality, 'span' as side from readings
      where data_point_id = ${pointId} and ts >= ${new Date(batchSpan.from)} and ts < ${new Date(batchSpan.to)} order by ts)
  `.execute(db);
  const found = (side: 'before' | 'after') => {
    const row = rows.find((candidate) => candidate.side === side);
    return row && storedRow(row);
  };
  const before = found('before');
  const span = daySpan(offset, before?.ts ?? first, last);
  // The earlier neighbour's day is only known once it is read: a batch that starts a new day after a gap
  // needs that day's readings too, in a second query.
  if (span.from < batchSpan.from) {
    return {
      before,
      after: found('after'),
      stored: await storedBetween(db, pointId, span.from, span.to),
      span,
    };
  }
  // A union's order is not promised, whatever its parts' order: the span's rows are put in time order here.
  const stored = rows
    .filter((row) => row.side === 'span')
    .map(storedRow)
    .sort((a, b) => a.ts - b.ts);
  return { before, after: found('after'), stored, span };
}

async function storedBetween(db: Database, pointId: number, from: number, to: number): Promise<StoredRow[]> {
  const { rows } = await sql<Omit<StoredRow, 'ts'> & { ts: Date }>`
    select ts, value, delta, quality from readings
    where data_point_id = ${pointId} and ts >= ${new Date(from)} and ts < ${new Date(to)} order by ts
  `.execute(db);
  return rows.map(storedRow);
}

/** Stored readings and the batch in time order, the batch winning where both have an instant. */
function mergeSeries(
  stored: StoredRow[],
  batch: SortedBatch,
  before: StoredRow | undefined,
  after: StoredRow | undefined,
): Merged {
  const count = batch.ts.length;
  if (stored.length === 0 && !before && !after) {
    return {
      ts: batch.ts,
      values: batch.values,
      deltas: [],
      quality: batch.quality,
      fromBatch: new Uint8Array(count).fill(1),
      storedDeltas: [],
    };
  }
  const others = [...(before && !stored.some((row) => row.ts === before.ts) ? [before] : []), ...stored];
  if (after && !others.some((row) => row.ts === after.ts)) others.push(after);
  const size = count + others.length;
  const merged: Merged = {
    ts: new Float64Array(size),
    values: new Float64Array(size),
    deltas: [],
    quality: new Uint8Array(size),
    fromBatch: new Uint8Array(size),
    storedDeltas: new Array(size).fill(null),
  };
  let length = 0;
  const push = (
    ts: number,
    value: number,
    quality: number,
    fromBatch: boolean,
    storedDelta: number | null,
  ) => {
    merged.ts[length] = ts;
    merged.values[length] = value;
    merged.quality[length] = quality;
    merged.fromBatch[length] = fromBatch ? 1 : 0;
    merged.storedDeltas[length] = storedDelta;
    length++;
  };
  let next = 0;
  for (let index = 0; index < count; index++) {
    const time = batch.ts[index] as number;
    while (next < others.length && (others[next] as StoredRow).ts < time) {
      const row = others[next++] as StoredRow;
      push(row.ts, row.value, row.quality, false, row.delta);
    }
    if (next < others.length && (others[next] as StoredRow).ts === time) next++;
    push(time, batch.values[index] as number, batch.quality[index] as number, true, null);
  }
  for (; next < others.length; next++) {
    const row = others[next] as StoredRow;
    push(row.ts, row.value, row.quality, false, row.delta);
  }
  return {
    ts: merged.ts.subarray(0, length),
    values: merged.values.subarray(0, length),
    deltas: [],
    quality: merged.quality.subarray(0, length),
    fromBatch: merged.fromBatch.subarray(0, length),
    storedDeltas: merged.storedDeltas.slice(0, length),
  };
}

/** Deltas along the merged register; the last stored reading keeps its own, which depends on readings further on. */
function applyRegisterDeltas(
  merged: Merged,
  registerMax: number | null,
): { resets: number; rollovers: number } {
  const result = registerDeltas(merged.values, registerMax);
  merged.deltas = result.deltas;
  const last = merged.ts.length - 1;
  if (last >= 0 && merged.fromBatch[last] === 0) merged.deltas[last] = merged.storedDeltas[last] ?? null;
  return { resets: result.resets, rollovers: result.rollovers };
}

/** Indices of the merged readings that satisfy a test. */
function indicesWhere(merged: Merged, test: (index: number) => boolean): number[] {
  const found: number[] = [];
  for (let index = 0; index < merged.ts.length; index++) if (test(index)) found.push(index);
  return found;
}

/** New instants go in by COPY; a batch that overwrites stored readings is upserted. */
async function saveBatch(db: Database, pointId: number, merged: Merged, overwrites: boolean): Promise<void> {
  if (!overwrites) {
    // Written during the COPY, so the database loads the first rows while the rest are encoded.
    await copyRows(db, 'readings', READING_COLUMNS, (data) => {
      for (let index = 0; index < merged.ts.length; index++) {
        if (merged.fromBatch[index] === 0) continue;
        data
          .row(5)
          .int4(pointId)
          .timestamptz(merged.ts[index] as number)
          .float8(merged.values[index] as number);
        data.float8(merged.deltas[index] ?? null).int2(merged.quality[index] as number);
      }
    });
    return;
  }
  const rows = indicesWhere(merged, (index) => merged.fromBatch[index] === 1);
  for (let start = 0; start < rows.length; start += 20_000) {
    const chunk = rows.slice(start, start + 20_000);
    await sql`
      insert into readings (data_point_id, ts, value, delta, quality)
      select ${pointId}, to_timestamp(t / 1000.0), v, d, q
      from unnest(${chunk.map((index) => merged.ts[index])}::float8[], ${chunk.map((index) => merged.values[index])}::float8[],
                  ${chunk.map((index) => merged.deltas[index] ?? null)}::float8[],
                  ${chunk.map((index) => merged.quality[index])}::int2[]) as u(t, v, d, q)
      on conflict (data_point_id, ts) do update
        set value = excluded.value, delta = excluded.delta, quality = excluded.quality
    `.execute(db);
  }
}

async function saveChangedDeltas(db: Database, pointId: number, merged: Merged): Promise<void> {
  const changed = indicesWhere(
    merged,
    (index) => merged.fromBatch[index] === 0 && (merged.deltas[index] ?? null) !== merged.storedDeltas[index],
  );
  if (changed.length === 0) return;
  await sql`
    update readings set delta = u.d
    from unnest(${changed.map((index) => merged.ts[index])}::float8[],
                ${changed.map((index) => merged.deltas[index] ?? null)}::float8[]) as u(t, d)
    where data_point_id = ${pointId} and ts = to_timestamp(u.t / 1000.0)
  `.execute(db);
}
