import type { DataExplorerEventCreateRequest, ExplorerEvent } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { fieldError, notFound } from '../http/api-error';
import { isDatabaseId } from '../saved-views/database-id';
import { eventViews } from './events';

/** Puts an event on the organisation's timeline, for one of its entities or for all of it. */
export async function addEvent(
  db: Database,
  organisationId: number,
  userId: string,
  body: DataExplorerEventCreateRequest,
): Promise<ExplorerEvent> {
  const title = body.title.trim();
  if (title === '') throw fieldError('/title', 'Give the event a title, such as "Chiller replaced".');
  const entityId = body.entityId ?? null;
  if (entityId !== null) await requireOwnEntity(db, organisationId, entityId);
  const row = await db
    .insertInto('explorer_events')
    .values({
      organisation_id: organisationId,
      entity_id: entityId,
      at: body.at,
      title,
      description: body.description?.trim() || null,
      category: body.category,
      created_by: userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const [event] = await eventViews(db, [row]);
  return event as ExplorerEvent;
}

/** 404 rather than 403: the browser signs out on 403, and another organisation's entity must look like none. */
async function requireOwnEntity(db: Database, organisationId: number, entityId: number): Promise<void> {
  const entity = isDatabaseId(entityId)
    ? await db
        .selectFrom('entities')
        .select('id')
        .where('id', '=', entityId)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst()
    : undefined;
  if (!entity) throw notFound(`entity ${entityId}`);
}
