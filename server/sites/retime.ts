import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { DataPointKind } from '../db/tables';
import { ofPoint, type PointKey } from '../readings/point-key';
import { refreshRollups } from '../readings/rollups';

/**
 * Gives the data points on these entities a new time zone and rebuilds their
 * rollups, whose hours and days are local time. Run it in the transaction
 * that changed the site's time zone or moved the entities to another site.
 */
export async function retimeDataPoints(
  db: Database,
  entityIds: readonly number[],
  zone: string,
): Promise<void> {
  if (entityIds.length === 0) return;
  const points = await db
    .updateTable('data_points')
    .set({ time_zone: zone, updated_at: new Date() })
    .where('entity_id', 'in', entityIds)
    .where('time_zone', '!=', zone)
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
