import type { Database } from '../db/database';
import { notFound } from '../http/api-error';
import { isDatabaseId } from './database-id';

/** Those of the ids that are data points of the organisation now. */
export async function ownDataPoints(
  db: Database,
  organisationId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const askable = [...new Set(ids)].filter(isDatabaseId);
  if (askable.length === 0) return new Set();
  const rows = await db
    .selectFrom('data_points')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', askable)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Refuses the first id that is not one of the organisation's data points. 404, not 403:
 * the browser signs out on 403, and another organisation's point must look like no point at all.
 */
export async function requireOwnDataPoints(
  db: Database,
  organisationId: number,
  ids: readonly number[],
): Promise<void> {
  const own = await ownDataPoints(db, organisationId, ids);
  const missing = ids.find((id) => !own.has(id));
  if (missing !== undefined) {
    throw notFound(`data point ${missing}`);
  }
}
