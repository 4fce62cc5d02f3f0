import { sql } from 'kysely';
import type { Database } from '../db/database';
import { ofPoint, type PointKey } from '../readings/point-key';
import { type PointForWrite, writeBatches } from '../readings/readings-writer';

/**
 * Writes all of a point's readings again from their values, after a change
 * that alters what is derived from them: its kind or register maximum (the
 * deltas) or its time zone (the local days). Run inside the transaction that
 * changed the point, so readers never see old totals with new settings.
 * Returns how many readings were rewritten.
 */
export async function rewriteReadings(trx: Database, point: PointForWrite & PointKey): Promise<number> {
  const { rows } = await sql<{ t: number; value: number; quality: number }>`
    select (extract(epoch from ts) * 1000)::float8 as t, value, quality
    from readings where ${ofPoint(point)} order by ts
  `.execute(trx);
  if (rows.length === 0) return 0;
  const ts = new Float64Array(rows.length);
  const values = new Float64Array(rows.length);
  const quality = new Uint8Array(rows.length);
  rows.forEach((row, index) => {
    ts[index] = Math.round(row.t);
    values[index] = row.value;
    quality[index] = row.quality;
  });
  // Starting from nothing lets writeReadings take its fast path: one COPY, rollups built once.
  await sql`delete from readings where ${ofPoint(point)}`.execute(trx);
  // Only a register has steps; a register's are judged again by the write, its choices kept where its
  // steps still stand (a new register maximum can make a drop a rollover).
  if (point.kind !== 'cumulative') {
    await sql`delete from register_steps where ${ofPoint(point)}`.execute(trx);
  }
  await sql`delete from readings_hours where ${ofPoint(point)}`.execute(trx);
  await sql`delete from readings_daily where ${ofPoint(point)}`.execute(trx);
  const { written } = await writeBatches(trx, 'rewrite', [{ point, series: { ts, values, quality } }]);
  return written;
}
