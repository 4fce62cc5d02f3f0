import { sql } from 'kysely';
import { zoneOffset } from '../../src/time/zone-offsets';
import { copyRows } from '../db/copy';
import type { CopyData } from '../db/copy-data';
import type { Database } from '../db/database';
import type { DataPointKind } from '../db/tables';
import { type DaySpan, daySpan } from './day-span';
import { type Merged, mergeSeries, type Series, sortedUnique } from './merge-series';
import { ofPoint, type PointKey } from './point-key';
import { lockPointForWrite } from './point-lock';
import { saveStepChanges } from './register-step-rows';
import { applyRegisterDeltas, judgeMerged, widenedForBrokenSpreads } from './register-write';
import { prepareRollups, saveRollups } from './rollups';
import { storedAroundRegister, storedBetween } from './stored-around';
import { brokenSteps, type FoundStep } from './write-steps';

/** What a write needs to know of its data point. */
export interface PointForWrite {
  id: number;
  kind: DataPointKind;
  register_max: number | null;
  /** How often the point reports, in minutes: a step across several times this is a gap (suspicious-steps.ts). */
  interval_minutes: number;
  time_zone: string;
}

export interface WriteSummary {
  written: number;
  resets: number;
  rollovers: number;
  /** Drops that are neither a reset nor a rollover (each also among `flagged`). */
  drops: number;
  /**
   * The open suspicious steps the batch's readings are part of, in time order
   * (suspicious-steps.ts): booked as sent until someone decides.
   */
  flagged: FoundStep[];
}

export type { Series };

/** The readings' columns, in the order a write copies them. */
export const READING_COLUMNS = [
  'organisation_id',
  'data_point_id',
  'ts',
  'value',
  'delta',
  'quality',
] as const;

/**
 * Upserts readings of one data point and brings everything derived from them
 * up to date: the deltas of a cumulative register (including the stored
 * readings around a late or out-of-order batch), the hourly and daily rollups
 * of every local day touched, and the point's last value. Call it inside a
 * transaction, so a failure leaves nothing half-written.
 *
 * A register's steps are judged on the way (suspicious-steps.ts): those that
 * look wrong are recorded in register_steps, and the choices made on stored
 * ones are booked (step-booking.ts) in the deltas and the rollups.
 *
 * The work is done in memory on the batch plus the stored readings of the
 * days it touches, and written with COPY where nothing is overwritten: the
 * common case of new data costs little more than loading it.
 *
 * Of `target` only the id counts: the point's kind, register maximum,
 * interval and time zone are read as stored, under its write lock.
 */
export async function writeReadings(
  db: Database,
  target: Pick<PointForWrite, 'id'>,
  series: Series,
): Promise<WriteSummary> {
  const batch = sortedUnique(series);
  const count = batch.ts.length;
  if (count === 0) return { written: 0, resets: 0, rollovers: 0, drops: 0, flagged: [] };
  const point: PointForWrite & PointKey = await lockPointForWrite(db, target.id);

  const first = batch.ts[0] as number;
  const last = batch.ts[count - 1] as number;
  const offset = zoneOffset(point.time_zone);
  const cumulative = point.kind === 'cumulative';
  const around = cumulative
    ? await storedAroundRegister(db, point, offset, first, last)
    : { head: [], tail: [], steps: [], ...(await storedOfDays(db, point, daySpan(offset, first, last))) };
  const broken = brokenSteps(batch, point.register_max, around.steps);
  const standing = around.steps.filter((step) => !broken.has(step));
  const { stored, span, spread } = await widenedForBrokenSpreads(db, point, offset, around, standing, broken);
  const before = around.head.at(-1);
  const after = around.tail[0];

  const merged = mergeSeries(stored, batch, before, after);
  let counts = { resets: 0, rollovers: 0, drops: 0 };
  if (cumulative) counts = applyRegisterDeltas(merged, point, standing);
  else setPlainDeltas(merged, point.kind);

  const overwrites = stored.some((row) => row.ts >= first && row.ts <= last);
  // The database loads the readings while the rollups are computed and the steps judged here.
  const saving = saveBatch(db, point, merged, overwrites);
  saving.catch(() => {});
  await new Promise((resolve) => setImmediate(resolve)); // lets the COPY be sent before the summing starts
  // Only the reading after the batch can lie beyond the span; it is last.
  const lastIndex = merged.ts.length - 1;
  const inSpan = lastIndex >= 0 && (merged.ts[lastIndex] as number) >= span.to ? lastIndex : merged.ts.length;
  const rollups = prepareRollups(point, offset, span, merged, inSpan, spread);
  const steps = cumulative
    ? judgeMerged(merged, around, point, broken)
    : { remove: [], save: [], flagged: [] };
  await saving;
  await saveChangedDeltas(db, point, merged);
  await saveRollups(db, point, rollups);
  await saveStepChanges(db, point, steps);
  await sql`
    update data_points set last_ts = ${new Date(last)}, last_value = ${batch.values[count - 1] as number}
    where id = ${point.id} and (last_ts is null or last_ts <= ${new Date(last)})
  `.execute(db);
  return { written: count, ...counts, flagged: steps.flagged };
}

/** The deltas of a meter that is no register: an interval meter's readings are its use; a state has none. */
export function setPlainDeltas(merged: Merged, kind: DataPointKind): void {
  merged.deltas = kind === 'interval' ? Array.from(merged.values) : new Array(merged.ts.length).fill(null);
}

/** The whole local days of a span and their stored readings: all a write of a meter that is no register reads. */
async function storedOfDays(db: Database, point: PointKey, span: DaySpan) {
  return { span, stored: await storedBetween(db, point, span.from, span.to) };
}

/** Indices of the merged readings that satisfy a test. */
function indicesWhere(merged: Merged, test: (index: number) => boolean): number[] {
  const found: number[] = [];
  for (let index = 0; index < merged.ts.length; index++) if (test(index)) found.push(index);
  return found;
}

/** A merge's readings from the batch, as rows of a COPY into readings (READING_COLUMNS). */
export function copyBatchRows(data: CopyData, point: PointKey, merged: Merged): void {
  for (let index = 0; index < merged.ts.length; index++) {
    if (merged.fromBatch[index] === 0) continue;
    data
      .row(6)
      .int4(point.organisation_id)
      .int4(point.id)
      .timestamptz(merged.ts[index] as number)
      .float8(merged.values[index] as number);
    data.float8(merged.deltas[index] ?? null).int2(merged.quality[index] as number);
  }
}

/** New instants go in by COPY; a batch that overwrites stored readings is upserted. */
async function saveBatch(db: Database, point: PointKey, merged: Merged, overwrites: boolean): Promise<void> {
  if (!overwrites) {
    // Written during the COPY, so the database loads the first rows while the rest are encoded.
    await copyRows(db, 'readings', READING_COLUMNS, (data) => copyBatchRows(data, point, merged));
    return;
  }
  const rows = indicesWhere(merged, (index) => merged.fromBatch[index] === 1);
  for (let start = 0; start < rows.length; start += 20_000) {
    const chunk = rows.slice(start, start + 20_000);
    await sql`
      insert into readings (organisation_id, data_point_id, ts, value, delta, quality)
      select ${point.organisation_id}, ${point.id}, to_timestamp(t / 1000.0), v, d, q
      from unnest(${chunk.map((index) => merged.ts[index])}::float8[], ${chunk.map((index) => merged.values[index])}::float8[],
                  ${chunk.map((index) => merged.deltas[index] ?? null)}::float8[],
                  ${chunk.map((index) => merged.quality[index])}::int2[]) as u(t, v, d, q)
      on conflict (organisation_id, data_point_id, ts) do update
        set value = excluded.value, delta = excluded.delta, quality = excluded.quality
    `.execute(db);
  }
}

/** Rewrites the deltas of stored readings that the batch changed (a register's neighbours, mostly). */
export async function saveChangedDeltas(db: Database, point: PointKey, merged: Merged): Promise<void> {
  const changed = indicesWhere(
    merged,
    (index) => merged.fromBatch[index] === 0 && (merged.deltas[index] ?? null) !== merged.storedDeltas[index],
  );
  if (changed.length === 0) return;
  await sql`
    update readings set delta = u.d
    from unnest(${changed.map((index) => merged.ts[index])}::float8[],
                ${changed.map((index) => merged.deltas[index] ?? null)}::float8[]) as u(t, d)
    where ${ofPoint(point)} and ts = to_timestamp(u.t / 1000.0)
  `.execute(db);
}
