import { sql } from 'kysely';
import type { Database } from '../db/database';
import { type StoredHour, storedHours } from './stored-hours';

/** Every stored hour of a data point, in time order. */
export async function hoursOf(db: Database, pointId: number): Promise<StoredHour[]> {
  const point = await db
    .selectFrom('data_points')
    .select('organisation_id')
    .where('id', '=', pointId)
    .executeTakeFirst();
  if (!point) return [];
  const from = new Date('1900-01-01T00:00:00Z');
  const to = new Date('2200-01-01T00:00:00Z');
  const { rows } = await storedHours(point.organisation_id, [pointId], from, to).execute(db);
  return rows.sort((a, b) => a.hour.getTime() - b.hour.getTime());
}

/** How many readings each stored local day of a data point counts, in day order. */
export async function readingsPerDay(
  db: Database,
  pointId: number,
): Promise<{ day: string; readings: number }[]> {
  const { rows } = await sql<{ day: string; readings: number }>`
    select day::text as day, readings from readings_daily where data_point_id = ${pointId} order by day
  `.execute(db);
  return rows;
}
