import type { Selectable } from 'kysely';
import type { DataExplorerLabelRequest, ExplorerLabel } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { isDatabaseId } from '../saved-views/database-id';
import { displayNames } from '../saved-views/display-names';
import { requireStartBeforeEnd } from '../saved-views/time-span';

/** The organisation's labels by start, narrowed to the points and period asked for. */
export async function listLabels(
  db: Database,
  organisationId: number,
  filter: DataExplorerLabelRequest,
): Promise<ExplorerLabel[]> {
  if (filter.from !== undefined && filter.to !== undefined) {
    requireStartBeforeEnd(filter.from, filter.to, 'The period to list labels for');
  }
  let query = db.selectFrom('explorer_labels').selectAll().where('organisation_id', '=', organisationId);
  if (filter.dataPointIds !== undefined) {
    // Ids past PostgreSQL's integer name no point, and asking about them would fail rather than find nothing.
    const ids = filter.dataPointIds.split(',').map(Number).filter(isDatabaseId);
    if (ids.length === 0) return [];
    query = query.where('data_point_id', 'in', ids);
  }
  // Overlapping the period: a label that starts before it and runs into it is still on the chart.
  if (filter.to !== undefined) query = query.where('starts_at', '<', new Date(filter.to));
  if (filter.from !== undefined) query = query.where('ends_at', '>', new Date(filter.from));
  const rows = await query.orderBy('starts_at').orderBy('id').execute();
  return labelViews(db, rows);
}

export async function labelViews(
  db: Database,
  rows: Selectable<Tables['explorer_labels']>[],
): Promise<ExplorerLabel[]> {
  const names = await displayNames(
    db,
    rows.map((row) => row.created_by),
  );
  return rows.map((row) => ({
    id: row.id,
    dataPointId: row.data_point_id,
    from: row.starts_at.toISOString(),
    to: row.ends_at.toISOString(),
    text: row.text,
    color: row.color,
    createdBy: (row.created_by && names.get(row.created_by)) ?? null,
    createdAt: row.created_at.toISOString(),
  }));
}
