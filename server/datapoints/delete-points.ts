import { sql } from 'kysely';
import type { DeleteDataPointResponse } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { lockPoints } from '../readings/point-lock';

export type Deletion = DeleteDataPointResponse;

/** What deleting these points takes: their readings, and the virtual points elsewhere that read them. */
export async function pointsDeletion(
  db: Database,
  organisationId: number,
  pointIds: readonly number[],
): Promise<Pick<Deletion, 'dataPoints' | 'readings' | 'usedBy'>> {
  if (pointIds.length === 0) return { dataPoints: 0, readings: 0, usedBy: [] };
  const { readings } = await db
    .selectFrom('data_points')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('readings_total'), sql<string>`0`).as('readings'))
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', pointIds)
    .executeTakeFirstOrThrow();
  const usedBy = await db
    .selectFrom('virtual_inputs')
    .innerJoin('data_points', 'data_points.id', 'virtual_inputs.data_point_id')
    .select(['data_points.id', 'data_points.name'])
    .distinct()
    .where('virtual_inputs.input_id', 'in', pointIds)
    .where('virtual_inputs.data_point_id', 'not in', pointIds)
    .orderBy('data_points.name')
    .execute();
  return { dataPoints: pointIds.length, readings: Number(readings), usedBy };
}

/** The refusal while a formula elsewhere still reads one of the points. */
export function refuseWhileUsed(name: string, usedBy: Deletion['usedBy']): void {
  if (usedBy.length === 0) return;
  const names = usedBy.map((point) => `"${point.name}"`).join(', ');
  throw new ApiError(
    409,
    `"${name}" cannot be deleted: ${names} ${usedBy.length === 1 ? 'reads' : 'read'} its data. Change or delete ${usedBy.length === 1 ? 'that formula' : 'those formulas'} first.`,
  );
}

/**
 * Deletes the points with their readings, rollups, labels and steps. Call
 * inside the transaction that checked them: the write locks make an import
 * running into one of them wait, then find it gone (point-lock.ts).
 */
export async function deletePoints(
  trx: Database,
  organisationId: number,
  pointIds: readonly number[],
): Promise<void> {
  if (pointIds.length === 0) return;
  await lockPoints(trx, pointIds);
  // Readings and rollups have no foreign key (bulk imports would pay for one per row): they go by hand.
  for (const table of ['readings', 'readings_hours', 'readings_daily'] as const) {
    await trx
      .deleteFrom(table)
      .where('organisation_id', '=', organisationId)
      .where('data_point_id', 'in', pointIds)
      .execute();
  }
  // A virtual point's formula rows go before the points it reads, which they would otherwise hold.
  await trx.deleteFrom('virtual_inputs').where('data_point_id', 'in', pointIds).execute();
  await trx.deleteFrom('data_points').where('id', 'in', pointIds).execute();
}
