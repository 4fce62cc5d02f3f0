import { sql } from 'kysely';
import type { LiveReading } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { ofPointRow } from '../readings/point-key';

/**
 * The latest reading of each of these points that has any, one index probe
 * per point (readings are keyed by organisation, point and time, the
 * organisation taken from the point), so a stream's snapshot of a thousand
 * points costs a thousand probes, not a scan. A stream's points are
 * its organisation's (the handler checks); the hub's telling mixes streams.
 */
export async function latestReadings(db: Database, pointIds: readonly number[]): Promise<LiveReading[]> {
  if (pointIds.length === 0) return [];
  const { rows } = await sql<{ data_point_id: number; ts: Date; value: number }>`
    select p.id as data_point_id, r.ts, r.value
    from data_points p
    cross join lateral (
      select ts, value from readings where ${ofPointRow('p')} order by ts desc limit 1
    ) r
    where p.id = any(${[...pointIds]}::int[])
    order by p.id`.execute(db);
  return rows.map((row) => ({
    dataPointId: row.data_point_id,
    time: new Date(row.ts).toISOString(),
    value: Number(row.value),
  }));
}
