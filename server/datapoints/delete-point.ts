import type { DeleteDataPointRequest } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { inRetriedTransaction } from '../db/retried-transaction';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { type Deletion, deletePoints, pointsDeletion, refuseWhileUsed } from './delete-points';

/**
 * Deletes one data point with everything stored for it, or with dryRun says
 * what would go. Refused while a virtual point elsewhere reads it.
 */
export async function deleteDataPoint(
  db: Database,
  organisationId: number,
  request: DeleteDataPointRequest,
): Promise<Deletion> {
  return inRetriedTransaction(db, async (trx) => {
    const point = ownedOrNotFound(
      await trx
        .selectFrom('data_points')
        .select(['id', 'name'])
        .where('id', '=', request.dataPointId)
        .where('organisation_id', '=', organisationId)
        .forUpdate()
        .executeTakeFirst(),
      `data point ${request.dataPointId}`,
    );
    const deletion = {
      name: point.name,
      entities: 0,
      ...(await pointsDeletion(trx, organisationId, [point.id])),
    };
    if (request.dryRun) return { deleted: false, ...deletion };
    refuseWhileUsed(point.name, deletion.usedBy);
    await deletePoints(trx, organisationId, [point.id]);
    return { deleted: true, ...deletion };
  });
}
