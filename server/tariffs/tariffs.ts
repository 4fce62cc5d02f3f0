import type { Selectable } from 'kysely';
import type { Tariff, TariffAssignment } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { notFound } from '../http/api-error';

type TariffRow = Selectable<Tables['tariffs']>;
type AssignmentRow = Selectable<Tables['tariff_assignments']>;

/** The organisation's tariffs by name, each with where it is assigned. */
export async function listTariffs(db: Database, organisationId: number): Promise<Tariff[]> {
  const rows = await db
    .selectFrom('tariffs')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return tariffViews(db, rows);
}

/** One tariff of the organisation; another organisation's answers 404, as one that does not exist. */
export async function ownTariff(
  db: Database,
  organisationId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<TariffRow> {
  let query = db
    .selectFrom('tariffs')
    .selectAll()
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(`tariff ${id}`);
  return row;
}

export async function tariffViews(db: Database, rows: readonly TariffRow[]): Promise<Tariff[]> {
  const ids = rows.map((row) => row.id);
  const assignments =
    ids.length === 0
      ? []
      : await db
          .selectFrom('tariff_assignments')
          .selectAll()
          .where('tariff_id', 'in', ids)
          .orderBy('target_kind')
          .orderBy('entity_id')
          .orderBy('data_point_id')
          .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    utility: row.utility,
    unit: row.unit,
    currency: row.currency,
    versions: row.versions,
    assignments: assignments.filter((assignment) => assignment.tariff_id === row.id).map(assignmentView),
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}

function assignmentView(row: AssignmentRow): TariffAssignment {
  if (row.target_kind === 'entity') return { kind: 'entity', id: row.entity_id as number };
  if (row.target_kind === 'dataPoint') return { kind: 'dataPoint', id: row.data_point_id as number };
  return { kind: 'organisation' };
}

/** Deletes a tariff; its assignments go with it (migration 0019's cascade). */
export async function deleteTariff(db: Database, organisationId: number, id: number): Promise<void> {
  const deleted = await db
    .deleteFrom('tariffs')
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(`tariff ${id}`);
}
