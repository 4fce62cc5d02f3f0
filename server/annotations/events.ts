import type { Selectable } from 'kysely';
import type { DataExplorerEventRequest, ExplorerEvent } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { displayNames } from '../saved-views/display-names';
import { requireStartBeforeEnd } from '../saved-views/time-span';

/** The organisation's events, oldest first, within the period asked for (from inclusive, to exclusive). */
export async function listEvents(
  db: Database,
  organisationId: number,
  filter: DataExplorerEventRequest,
): Promise<ExplorerEvent[]> {
  if (filter.from !== undefined && filter.to !== undefined) {
    requireStartBeforeEnd(filter.from, filter.to, 'The period to list events for');
  }
  let query = db.selectFrom('explorer_events').selectAll().where('organisation_id', '=', organisationId);
  if (filter.from !== undefined) query = query.where('at', '>=', new Date(filter.from));
  if (filter.to !== undefined) query = query.where('at', '<', new Date(filter.to));
  const rows = await query.orderBy('at').orderBy('id').execute();
  return eventViews(db, rows);
}

export async function eventViews(
  db: Database,
  rows: Selectable<Tables['explorer_events']>[],
): Promise<ExplorerEvent[]> {
  const names = await displayNames(
    db,
    rows.map((row) => row.created_by),
  );
  return rows.map((row) => ({
    id: row.id,
    entityId: row.entity_id,
    at: row.at.toISOString(),
    title: row.title,
    description: row.description,
    category: row.category,
    createdBy: (row.created_by && names.get(row.created_by)) ?? null,
    createdAt: row.created_at.toISOString(),
  }));
}
