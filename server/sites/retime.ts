import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { DataPointKind } from '../db/tables';
import { ofPoint, type PointKey } from '../readings/point-key';
import { lockPoints } from '../readings/point-lock';
import { refreshRollups } from '../readings/rollups';

/**
 * Gives the data points on these entities a new time zone and rebuilds their
 * rollups, whose hours and days are local time. Run it in the transaction
 * that changed the site's time zone or moved the entities to another site.
 *
 * The points' write locks are held until that transaction ends: a write of
 * readings meanwhile waits, then reads the new zone with the point's other
 * settings (point-lock.ts). Without them it read the old zone, which the
 * change had not committed yet, and booked its days in it over the rebuilt ones.
 */
export async function retimeDataPoints(
  db: Database,
  entityIds: readonly number[],
  zone: string,
): Promise<void> {
  if (entityIds.length === 0) return;
  const changing = await db
    .selectFrom('data_points')
    .select('id')
    .where('entity_id', 'in', entityIds)
    .where('time_zone', '!=', zone)
    .execute();
  if (changing.length === 0) return;
  const ids = changing.map(({ id }) => id);
  await lockPoints(db, ids);
  const points = await db
    .updateTable('data_points')
    .set({ time_zone: zone, updated_at: new Date() })
    .where('id', 'in', ids)
    .returning(['id', 'organisation_id', 'kind'])
    .execute();
  for (const point of points) await rebuildRollups(db, { ...point, time_zone: zone });
}

/**
 * Rebuilds a data point's rollups over all its readings. The old rows are
 * dropped first: their hours and days were cut in the old zone, and some of
 * them (a half-hour zone's hours, the last day) fall outside the span the new
 * zone's rebuild replaces.
 */
async function rebuildRollups(
  db: Database,
  point: PointKey & { kind: DataPointKind; time_zone: string },
): Promise<void> {
  await sql`delete from readings_hours where ${ofPoint(point)}`.execute(db);
  await sql`delete from readings_daily where ${ofPoint(point)}`.execute(db);
  const { rows } = await sql<{ first: Date | null; last: Date | null }>`
    select min(ts) as first, max(ts) as last from readings where ${ofPoint(point)}
  `.execute(db);
  const span = rows[0];
  if (!span?.first || !span.last) return;
  await refreshRollups(db, point, span.first.getTime(), span.last.getTime());
}
