import type { AddEntityRequest } from '../../src/generated/api-types';
import { ensureRoom } from '../billing/plan-limits';
import type { Database } from '../db/database';
import { checkParentType, siteHasNoParent } from './entity-types';
import {
  checkCoordinates,
  checkSiteTimeZone,
  cleanAddress,
  cleanName,
  cleanTags,
  refuseTimeZoneBelowSite,
} from './fields';
import { findEntity } from './places';

/** Adds an entity to the organisation's tree after checking its fields and its place; answers its id. */
export async function addEntity(
  db: Database,
  organisationId: number,
  body: AddEntityRequest,
): Promise<number> {
  const values = {
    organisation_id: organisationId,
    type: body.type,
    name: cleanName(body.name),
    tags: cleanTags(body.tags ?? []),
    address: cleanAddress(body.address ?? null),
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    floor_area_m2: body.floorAreaM2 ?? null,
    updated_at: new Date(),
  };
  checkCoordinates(values.latitude, values.longitude);
  if (body.type === 'site') {
    if (body.parentId) throw siteHasNoParent();
    const timeZone = checkSiteTimeZone(body.timeZone);
    return db.transaction().execute(async (trx) => {
      await ensureRoom(trx, organisationId, 'sites', 1);
      const site = await trx
        .insertInto('entities')
        .values({ ...values, time_zone: timeZone })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A site is its own site: lists and time zones look entities up by site_id.
      await trx.updateTable('entities').set({ site_id: site.id }).where('id', '=', site.id).execute();
      return site.id;
    });
  }
  refuseTimeZoneBelowSite(body.type, body.timeZone);
  // The parent is looked up before its type is judged, so another organisation's id is refused as not ours.
  const parent = body.parentId ? await findEntity(db, organisationId, body.parentId) : undefined;
  checkParentType(body.type, parent?.type ?? null);
  const added = await db
    .insertInto('entities')
    .values({ ...values, parent_id: parent?.id ?? null, site_id: parent?.site_id ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return added.id;
}
