import type { Database } from '../db/database';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import type { ImportMapping } from './import-mapping';
import { type PointDirectory, pointDirectory } from './plan-import';

/** The largest int4: an id beyond it names no point, and asking the database about it would be an error. */
const MAX_ID = 2 ** 31 - 1;

/** The organisation's data points, for resolving the names and ids a file uses. */
export async function organisationPoints(db: Database, organisationId: number): Promise<PointDirectory> {
  const points = await db
    .selectFrom('data_points')
    .select(['id', 'name', 'unit', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
    .where('organisation_id', '=', organisationId)
    // Virtual points are computed from others; a file cannot write them.
    .where('source', '<>', 'virtual')
    .execute();
  return pointDirectory(points);
}

/**
 * A mapping that sends every row to one data point by id must name one of
 * the organisation's: a missing id and another organisation's both answer 404,
 * before any file is read or any template saved.
 */
export async function requireMappedPoint(
  db: Database,
  organisationId: number,
  mapping: ImportMapping,
): Promise<void> {
  if (!('id' in mapping.dataPoint)) return;
  const { id } = mapping.dataPoint;
  const row =
    id <= MAX_ID
      ? await db
          .selectFrom('data_points')
          .select('id')
          .where('id', '=', id)
          .where('organisation_id', '=', organisationId)
          .executeTakeFirst()
      : undefined;
  ownedOrNotFound(row, `data point ${id}`);
}
