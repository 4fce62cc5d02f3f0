import { sql } from 'kysely';
import { type ZoneOffset, zoneOffset } from '../../src/time/zone-offsets';
import { copyRows } from '../db/copy';
import { CopyData } from '../db/copy-data';
import type { Database } from '../db/database';
import { notFound } from '../http/api-error';
import { type DaySpan, daySpan } from './day-span';
import { type Merged, mergeSeries, type Series, type SortedBatch, sortedUnique } from './merge-series';
import type { PointKey } from './point-key';
import { lockPointsForWrite } from './point-lock';
import { prepareRollups, saveRollupsOfPoints } from './rollups';
import { type StoredRow, storedRow } from './stored-around';
import {
  copyBatchRows,
  type PointForWrite,
  READING_COLUMNS,
  saveChangedDeltas,
  setPlainDeltas,
  type WriteSummary,
  writeReadings,
} from './write-readings';

/** One point's readings in a write of several points'. */
export interface PointSeries {
  point: Pick<PointForWrite, 'id'>;
  series: Series;
}

/**
 * Past this many readings in all, the points are written one by one: what
 * the shared statements save is a few round trips a point, and holding every
 * point's merged readings at once would cost memory.
 */
const MANY_READINGS = 20_000;

type StoredPoint = PointForWrite & PointKey;

/** A meter that is no register, with its batch: what writePoints writes itself. */
interface PlainBatch {
  point: StoredPoint;
  batch: SortedBatch;
  offset: ZoneOffset;
  span: DaySpan;
}

/**
 * Writes several points' batches, each as writeReadings would, in a handful
 * of statements for all of them rather than a handful each: the points'
 * locks, their settings and their days' stored readings read at once, every
 * new reading in one COPY, every day's rollups replaced by one delete and
 * two COPYs, and every last value in one update. A gateway's push and the
 * MQTT inbox's batch name many points with a few readings each, where the
 * round trips, not the rows, are the cost. A register (its neighbours,
 * steps and deltas) and a batch among stored readings (upserted) are left
 * to writeReadings, one by one, within the same locks. Call it inside a
 * transaction. The summaries are in the order of `batches`.
 */
export async function writePoints(db: Database, batches: readonly PointSeries[]): Promise<WriteSummary[]> {
  const sorted = batches.map(({ point, series }) => ({ id: point.id, series, batch: sortedUnique(series) }));
  const ids = sorted.map(({ id }) => id);
  const readings = sorted.reduce((sum, { batch }) => sum + batch.ts.length, 0);
  if (sorted.length < 2 || readings > MANY_READINGS || new Set(ids).size !== ids.length)
    return oneByOne(db, batches);

  const written = sorted.filter(({ batch }) => batch.ts.length > 0);
  const points = await lockPointsForWrite(
    db,
    written.map(({ id }) => id),
  );
  const plain: PlainBatch[] = [];
  const alone: PointSeries[] = [];
  for (const { id, series, batch } of written) {
    const point = points.get(id);
    if (!point) throw notFound(`data point ${id}`);
    if (point.kind === 'cumulative') {
      alone.push({ point, series });
      continue;
    }
    const offset = zoneOffset(point.time_zone);
    const span = daySpan(offset, batch.ts[0] as number, batch.ts[batch.ts.length - 1] as number);
    plain.push({ point, batch, offset, span });
  }

  const stored = await storedOfSpans(db, plain);
  const appended: { write: PlainBatch; merged: Merged }[] = [];
  for (const write of plain) {
    const rows = stored.get(write.point.id) ?? [];
    if (amongStored(write.batch, rows)) alone.push({ point: write.point, series: write.batch });
    else appended.push({ write, merged: merged(write, rows) });
  }
  await saveAppended(db, appended);

  const summaries = new Map<number, WriteSummary>();
  for (const { write } of appended) summaries.set(write.point.id, plainSummary(write.batch.ts.length));
  for (const { point, series } of alone) summaries.set(point.id, await writeReadings(db, point, series));
  return sorted.map(({ id }) => summaries.get(id) ?? plainSummary(0));
}

async function oneByOne(db: Database, batches: readonly PointSeries[]): Promise<WriteSummary[]> {
  const summaries: WriteSummary[] = [];
  for (const { point, series } of batches) summaries.push(await writeReadings(db, point, series));
  return summaries;
}

/** What writeReadings says of a meter that is no register: its readings written, no steps. */
const plainSummary = (written: number): WriteSummary => ({
  written,
  resets: 0,
  rollovers: 0,
  drops: 0,
  flagged: [],
});

/** Each point's stored readings in the whole local days its batch touches, in time order: one query for all. */
async function storedOfSpans(db: Database, writes: PlainBatch[]): Promise<Map<number, StoredRow[]>> {
  const stored = new Map<number, StoredRow[]>();
  if (writes.length === 0) return stored;
  const { rows } = await sql<Omit<StoredRow, 'ts'> & { ts: Date; id: number }>`
    select r.data_point_id as id, r.ts, r.value, r.delta, r.quality
    from unnest(${writes.map(({ point }) => point.organisation_id)}::int4[],
                ${writes.map(({ point }) => point.id)}::int4[],
                ${writes.map(({ span }) => new Date(span.from))}::timestamptz[],
                ${writes.map(({ span }) => new Date(span.to))}::timestamptz[]) as s(organisation_id, id, from_ts, to_ts)
    join readings r on r.organisation_id = s.organisation_id and r.data_point_id = s.id
      and r.ts >= s.from_ts and r.ts < s.to_ts
    order by r.data_point_id, r.ts
  `.execute(db);
  for (const row of rows) {
    const list = stored.get(row.id);
    if (list) list.push(storedRow(row));
    else stored.set(row.id, [storedRow(row)]);
  }
  return stored;
}

/** A stored reading from the batch's first instant to its last: writeReadings upserts such a batch. */
function amongStored(batch: SortedBatch, stored: StoredRow[]): boolean {
  const first = batch.ts[0] as number;
  const last = batch.ts[batch.ts.length - 1] as number;
  return stored.some((row) => row.ts >= first && row.ts <= last);
}

function merged({ point, batch }: PlainBatch, stored: StoredRow[]): Merged {
  const all = mergeSeries(stored, batch, undefined, undefined);
  setPlainDeltas(all, point.kind);
  return all;
}

/** Every point's new readings, changed deltas, rollups and last value, for all of them at once. */
async function saveAppended(db: Database, appended: { write: PlainBatch; merged: Merged }[]): Promise<void> {
  if (appended.length === 0) return;
  await copyRows(db, 'readings', READING_COLUMNS, (data) => {
    for (const { write, merged } of appended) copyBatchRows(data, write.point, merged);
  });
  for (const { write, merged } of appended) await saveChangedDeltas(db, write.point, merged);
  const rows = { daily: new CopyData(), hours: new CopyData() };
  const days = appended.map(({ write, merged }) => {
    const { firstDay, lastDay } = prepareRollups(
      write.point,
      write.offset,
      write.span,
      merged,
      merged.ts.length,
      [],
      rows,
    );
    return { point: write.point, firstDay, lastDay };
  });
  await saveRollupsOfPoints(db, days, rows);
  await saveLastValues(db, appended);
}

/** Each point's last reading, where it is later than the one it has (as writeReadings keeps it). */
async function saveLastValues(db: Database, appended: { write: PlainBatch }[]): Promise<void> {
  const ids = appended.map(({ write }) => write.point.id);
  const at = appended.map(({ write }) => new Date(write.batch.ts[write.batch.ts.length - 1] as number));
  const values = appended.map(({ write }) => write.batch.values[write.batch.values.length - 1] as number);
  await sql`
    update data_points d set last_ts = u.ts, last_value = u.value
    from unnest(${ids}::int4[], ${at}::timestamptz[], ${values}::float8[]) as u(id, ts, value)
    where d.id = u.id and (d.last_ts is null or d.last_ts <= u.ts)
  `.execute(db);
}
