import type { Selectable, Updateable } from 'kysely';
import type { UpdateEntityRequest } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { inRetriedTransaction } from '../db/retried-transaction';
import type { Tables } from '../db/tables';
import { fieldError } from '../http/api-error';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { capitalised, checkParentType, siteHasNoParent, withArticle } from './entity-types';
import {
  checkCoordinates,
  checkSiteTimeZone,
  cleanAddress,
  cleanName,
  cleanTags,
  refuseTimeZoneBelowSite,
} from './fields';
import { findEntity, loadPlaces } from './places';
import { retimeDataPoints } from './retime';

type StoredEntity = Pick<
  Selectable<Tables['entities']>,
  'id' | 'type' | 'name' | 'parent_id' | 'site_id' | 'time_zone' | 'latitude' | 'longitude'
>;
/** Where a moved entity goes: its new parent and the ids it takes along (itself included). */
interface Move {
  parent: { id: number; site_id: number | null };
  subtree: number[];
}

/**
 * Changes the fields given and, with a new parentId, moves the entity with
 * everything under it. Every check runs before the first write, and all
 * writes share one transaction, so a refused change leaves nothing behind.
 * A new time zone takes the points' write locks, which a write of readings
 * may hold while it waits for the tree: the transaction is run again if
 * PostgreSQL ends it to break that deadlock.
 */
export async function updateEntity(
  db: Database,
  organisationId: number,
  body: UpdateEntityRequest,
): Promise<void> {
  await inRetriedTransaction(db, async (trx) => {
    // One tree change at a time per organisation: two moves checked side by side could close a cycle.
    await trx.selectFrom('organisations').select('id').where('id', '=', organisationId).forUpdate().execute();
    const entity = await trx
      .selectFrom('entities')
      .select(['id', 'type', 'name', 'parent_id', 'site_id', 'time_zone', 'latitude', 'longitude'])
      .where('id', '=', body.entityId)
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst()
      .then((row) => ownedOrNotFound(row, `entity ${body.entityId}`));
    if (body.type !== undefined && body.type !== entity.type) {
      throw fieldError(
        '/type',
        `${capitalised(entity.type)} cannot become ${withArticle(body.type)}; add a new ${body.type} and move what it should hold under it.`,
      );
    }
    const patch = fieldPatch(entity, body);
    const move = await planMove(trx, organisationId, entity, body.parentId);
    await trx
      .updateTable('entities')
      .set({ ...patch, ...(move ? { parent_id: move.parent.id } : {}), updated_at: new Date() })
      .where('id', '=', entity.id)
      .execute();
    if (move && move.parent.site_id !== entity.site_id) await moveToSite(trx, move);
    if (patch.time_zone && patch.time_zone !== entity.time_zone) {
      await retimeDataPoints(trx, await siteMembers(trx, entity.id), patch.time_zone);
    }
  });
}

/** The columns the request changes, each checked; a field left out stays as it is. */
function fieldPatch(entity: StoredEntity, body: UpdateEntityRequest): Updateable<Tables['entities']> {
  const latitude = body.latitude === undefined ? entity.latitude : body.latitude;
  const longitude = body.longitude === undefined ? entity.longitude : body.longitude;
  checkCoordinates(latitude, longitude);
  if (entity.type === 'site') {
    if (body.parentId) throw siteHasNoParent();
  } else {
    refuseTimeZoneBelowSite(entity.type, body.timeZone);
  }
  return {
    ...(body.name === undefined ? {} : { name: cleanName(body.name) }),
    ...(body.tags === undefined ? {} : { tags: cleanTags(body.tags) }),
    ...(body.address === undefined ? {} : { address: cleanAddress(body.address) }),
    latitude,
    longitude,
    ...(body.floorAreaM2 === undefined ? {} : { floor_area_m2: body.floorAreaM2 }),
    ...(entity.type === 'site' && body.timeZone !== undefined
      ? { time_zone: checkSiteTimeZone(body.timeZone) }
      : {}),
  };
}

/** Checks a new parent: ours, not the entity itself or anything under it, and of a type that may hold it. */
async function planMove(
  db: Database,
  organisationId: number,
  entity: StoredEntity,
  parentId: number | null | undefined,
): Promise<Move | undefined> {
  if (entity.type === 'site' || parentId === undefined || parentId === entity.parent_id) return undefined;
  if (parentId === null) {
    checkParentType(entity.type, null);
    return undefined;
  }
  const parent = await findEntity(db, organisationId, parentId);
  // Descendants share the entity's site, so that site's entities are enough to find them.
  const tree = await loadPlaces(db, organisationId, entity.site_id ?? undefined);
  const subtree = tree.subtreeIds(entity.id);
  if (subtree.includes(parent.id)) {
    throw fieldError('/parentId', `"${entity.name}" cannot move under itself or under anything inside it.`);
  }
  checkParentType(entity.type, parent.type);
  return { parent, subtree };
}

/** A move to another site takes the whole subtree there: its site_id and its data points' time zone. */
async function moveToSite(db: Database, move: Move): Promise<void> {
  const siteId = move.parent.site_id;
  if (siteId === null) return;
  await db.updateTable('entities').set({ site_id: siteId }).where('id', 'in', move.subtree).execute();
  const site = await db
    .selectFrom('entities')
    .select('time_zone')
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  if (site.time_zone) await retimeDataPoints(db, move.subtree, site.time_zone);
}

/** Ids of the site and every entity in it. */
async function siteMembers(db: Database, siteId: number): Promise<number[]> {
  const rows = await db.selectFrom('entities').select('id').where('site_id', '=', siteId).execute();
  return rows.map((row) => row.id);
}
