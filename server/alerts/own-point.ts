import type { Database } from '../db/database';
import { ownedOrNotFound } from '../http/owned-or-not-found';

/** What alerts need of a data point of the organisation's; 404 for one that is not, as for one that does not exist. */
export async function ownPoint(db: Database, organisationId: number, dataPointId: number) {
  return ownedOrNotFound(
    await db
      .selectFrom('data_points')
      .select(['id', 'name', 'kind', 'source', 'intent', 'unit', 'entity_id', 'time_zone', 'last_ts'])
      .where('id', '=', dataPointId)
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst(),
    `data point ${dataPointId}`,
  );
}
