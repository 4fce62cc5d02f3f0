import { sql } from 'kysely';
import type { DeleteEntityRequest } from '../../src/generated/api-types';
import { type Deletion, deletePoints, pointsDeletion, refuseWhileUsed } from '../datapoints/delete-points';
import type { Database } from '../db/database';
import { inRetriedTransaction } from '../db/retried-transaction';
import { ownedOrNotFound } from '../http/owned-or-not-found';

/** What went, and the stored pictures of the places that went, for the caller to remove once committed. */
export interface EntityDeletion {
  deletion: Deletion;
  imageKeys: string[];
}

/**
 * Deletes a place with everything under it (places, data points, readings),
 * or with dryRun says what would go. All in one transaction: a refusal, or a
 * failure half-way, leaves the tree as it was.
 */
export async function deleteEntity(
  db: Database,
  organisationId: number,
  request: DeleteEntityRequest,
): Promise<EntityDeletion> {
  return inRetriedTransaction(db, async (trx) => {
    // One tree change at a time per organisation, as a move takes it: nothing is moved in or out meanwhile.
    await trx.selectFrom('organisations').select('id').where('id', '=', organisationId).forUpdate().execute();
    const entity = ownedOrNotFound(
      await trx
        .selectFrom('entities')
        .select(['id', 'name'])
        .where('id', '=', request.entityId)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst(),
      `entity ${request.entityId}`,
    );
    const places = await subtree(trx, entity.id);
    const points = await trx
      .selectFrom('data_points')
      .select('id')
      .where(
        'entity_id',
        'in',
        places.map((place) => place.id),
      )
      .execute();
    const pointIds = points.map((point) => point.id);
    const deletion: Deletion = {
      deleted: false,
      name: entity.name,
      entities: places.length,
      ...(await pointsDeletion(trx, organisationId, pointIds)),
    };
    if (request.dryRun) return { deletion, imageKeys: [] };
    refuseWhileUsed(entity.name, deletion.usedBy);
    await deletePoints(trx, organisationId, pointIds);
    // Places under it go by the tree's cascade, and saved views made for any of them with them.
    await trx.deleteFrom('entities').where('id', '=', entity.id).execute();
    const imageKeys = places.flatMap((place) => (place.image_key ? [place.image_key] : []));
    return { deletion: { ...deletion, deleted: true }, imageKeys };
  });
}

/** The entity and every place under it, at any depth. */
async function subtree(trx: Database, entityId: number): Promise<{ id: number; image_key: string | null }[]> {
  const { rows } = await sql<{ id: number; image_key: string | null }>`
    with recursive under as (
      select id, image_key from entities where id = ${entityId}
      union all
      select child.id, child.image_key from entities child join under on child.parent_id = under.id
    )
    select id, image_key from under
  `.execute(trx);
  return rows;
}
