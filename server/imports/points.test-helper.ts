import type { Database } from '../db/database';
import type { DataPointKind } from '../db/tables';

/** A site in timeZone with the named data points on it, straight into the database (the import tests' fixture). */
export async function siteWithPoints(
  db: Database,
  organisationId: number,
  timeZone: string,
  points: { name: string; unit: string; kind: DataPointKind }[],
): Promise<Record<string, number>> {
  const site = await db
    .insertInto('entities')
    .values({
      organisation_id: organisationId,
      type: 'site',
      name: 'Import site',
      time_zone: timeZone,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('entities').set({ site_id: site.id }).where('id', '=', site.id).execute();
  const ids: Record<string, number> = {};
  for (const point of points) {
    const row = await db
      .insertInto('data_points')
      .values({
        organisation_id: organisationId,
        entity_id: site.id,
        intent: point.unit === 'm³' ? 'gas' : 'electricity',
        time_zone: timeZone,
        updated_at: new Date(),
        ...point,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[point.name] = row.id;
  }
  return ids;
}
