import type { Database } from '../db/database';

/** A site in timeZone with a building and a room under it, inserted directly (the sites API is another domain's). */
export async function siteWithRoom(
  db: Database,
  organisationId: number,
  timeZone: string | null,
  name = 'HQ',
) {
  const site = await db
    .insertInto('entities')
    .values({
      organisation_id: organisationId,
      type: 'site',
      name,
      time_zone: timeZone,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('entities').set({ site_id: site.id }).where('id', '=', site.id).execute();
  const child = async (type: 'building' | 'room', childName: string, parentId: number) =>
    (
      await db
        .insertInto('entities')
        .values({
          organisation_id: organisationId,
          type,
          name: childName,
          parent_id: parentId,
          site_id: site.id,
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const buildingId = await child('building', `${name} Building`, site.id);
  const roomId = await child('room', `${name} Plant room`, buildingId);
  return { siteId: site.id, buildingId, roomId };
}
