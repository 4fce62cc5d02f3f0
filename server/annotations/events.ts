import type { Selectable } from 'kysely';
import type { DataExplorerEventRequest, ExplorerEvent } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { displayNames } from '../saved-views/display-names';
import { type AnnotationKind, listAnnotations } from './annotation-rows';

/** Events: something that happened at an instant, on the organisation's timeline. */
export const EVENTS: AnnotationKind<'explorer_events'> = {
  table: 'explorer_events',
  noun: 'event',
  plural: 'events',
  time: { at: 'at' },
};

/** The organisation's events, oldest first, within the period asked for (from inclusive, to exclusive). */
export async function listEvents(
  db: Database,
  organisationId: number,
  filter: DataExplorerEventRequest,
): Promise<ExplorerEvent[]> {
  return eventViews(db, await listAnnotations(db, EVENTS, organisationId, filter));
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
