import { type Selectable, sql } from 'kysely';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { PlaceTree } from './tree';

/** An entity row as the sites endpoints read it, with the number of data points directly on it. */
export type PlaceRow = Omit<
  Selectable<Tables['entities']>,
  'organisation_id' | 'created_at' | 'updated_at'
> & { own_points: number };

/**
 * The organisation's entities, or only one site's, by name, as a tree.
 * Always the organisation's own: callers pass request.caller's organisation.
 */
export async function loadPlaces(
  db: Database,
  organisationId: number,
  siteId?: number,
): Promise<PlaceTree<PlaceRow>> {
  let query = db
    .selectFrom('entities as e')
    .select([
      'e.id',
      'e.parent_id',
      'e.site_id',
      'e.type',
      'e.name',
      'e.tags',
      'e.address',
      'e.latitude',
      'e.longitude',
      'e.floor_area_m2',
      'e.time_zone',
      'e.image_key',
      sql<number>`(select count(*)::int from data_points d where d.entity_id = e.id)`.as('own_points'),
    ])
    .where('e.organisation_id', '=', organisationId);
  if (siteId !== undefined) query = query.where('e.site_id', '=', siteId);
  const rows = await query.orderBy('e.name').orderBy('e.id').execute();
  return new PlaceTree(rows);
}

/** One entity of the organisation; 404 when there is none with that id there. */
export async function findEntity(db: Database, organisationId: number, entityId: number) {
  const row = await db
    .selectFrom('entities')
    .select(['id', 'type', 'parent_id', 'site_id', 'time_zone', 'latitude', 'longitude', 'image_key'])
    .where('id', '=', entityId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return ownedOrNotFound(row, `entity ${entityId}`);
}

/** Points the entity at its new picture. */
export async function setEntityImage(db: Database, entityId: number, imageKey: string): Promise<void> {
  await db
    .updateTable('entities')
    .set({ image_key: imageKey, updated_at: new Date() })
    .where('id', '=', entityId)
    .execute();
}

/** One entity of the organisation with its site's tree around it; refused as not ours when there is none. */
export async function loadEntityInTree(
  db: Database,
  organisationId: number,
  entityId: number,
): Promise<{ row: PlaceRow; tree: PlaceTree<PlaceRow> }> {
  const found = await findEntity(db, organisationId, entityId);
  const tree = await loadPlaces(db, organisationId, found.site_id ?? undefined);
  const row = ownedOrNotFound(tree.byId.get(found.id), `entity ${entityId}`);
  return { row, tree };
}
