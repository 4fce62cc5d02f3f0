import type { Database } from '../db/database';
import { type PointDirectory, pointDirectory } from './plan-import';

/** The organisation's data points, for resolving the names and ids a file uses. */
export async function organisationPoints(db: Database, organisationId: number): Promise<PointDirectory> {
  const points = await db
    .selectFrom('data_points')
    .select(['id', 'name', 'unit', 'kind', 'register_max', 'time_zone'])
    .where('organisation_id', '=', organisationId)
    // Virtual points are computed from others; a file cannot write them.
    .where('source', '<>', 'virtual')
    .execute();
  return pointDirectory(points);
}
