import { type Selectable, sql } from 'kysely';
import type { SavedExplorer } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { type ApiError, notFound } from '../http/api-error';
import { withoutGonePoints } from './check-view';
import { isDatabaseId } from './database-id';
import { displayNames } from './display-names';
import { ownDataPoints } from './own-points';

type ExplorerRow = Selectable<Tables['data_explorers']>;

/** The organisation's saved views, by name. */
export async function listExplorers(db: Database, organisationId: number): Promise<SavedExplorer[]> {
  const rows = await db
    .selectFrom('data_explorers')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return savedExplorers(db, organisationId, rows);
}

/** One saved view of the organisation's; any other id is answered as not found. */
export async function findExplorer(db: Database, organisationId: number, id: number): Promise<SavedExplorer> {
  const row = isDatabaseId(id)
    ? await db
        .selectFrom('data_explorers')
        .selectAll()
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw explorerNotFound(id);
  const [explorer] = await savedExplorers(db, organisationId, [row]);
  return explorer as SavedExplorer;
}

/** Deletes one of the organisation's saved views; bookmarks made from it go with it, by the foreign key's cascade. */
export async function deleteExplorer(db: Database, organisationId: number, id: number): Promise<void> {
  const deleted = isDatabaseId(id)
    ? await db
        .deleteFrom('data_explorers')
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst()
    : undefined;
  if (!deleted || Number(deleted.numDeletedRows) === 0) throw explorerNotFound(id);
}

/** 404 rather than 403: the browser signs out on 403, and another organisation's view must look like none. */
export function explorerNotFound(id: number): ApiError {
  return notFound(`saved view ${id}`);
}

async function savedExplorers(
  db: Database,
  organisationId: number,
  rows: ExplorerRow[],
): Promise<SavedExplorer[]> {
  const [names, own] = await Promise.all([
    displayNames(
      db,
      rows.map((row) => row.created_by),
    ),
    ownDataPoints(
      db,
      organisationId,
      rows.flatMap((row) => row.view.dataPointIds),
    ),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    view: withoutGonePoints(row.view, own),
    createdBy: (row.created_by && names.get(row.created_by)) ?? null,
    updatedAt: row.updated_at.toISOString(),
  }));
}
