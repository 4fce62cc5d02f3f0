import type { Selectable } from 'kysely';
import type { Bookmark } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { notFound } from '../http/api-error';
import { withoutGonePoints } from '../saved-views/check-view';
import { ownDataPoints } from '../saved-views/own-points';

/** Whose bookmarks: one user, in the organisation they are in now. */
export interface BookmarkOwner {
  organisationId: number;
  userId: string;
}

/** The owner's bookmarks, newest first. */
export async function listBookmarks(db: Database, owner: BookmarkOwner): Promise<Bookmark[]> {
  const rows = await db
    .selectFrom('bookmarks')
    .selectAll()
    .where('organisation_id', '=', owner.organisationId)
    .where('user_id', '=', owner.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return bookmarkViews(db, owner.organisationId, rows);
}

/** Deletes one of the owner's bookmarks; anyone else's is answered as not found. */
export async function deleteBookmark(db: Database, owner: BookmarkOwner, id: number): Promise<void> {
  const deleted = await db
    .deleteFrom('bookmarks')
    .where('id', '=', id)
    .where('organisation_id', '=', owner.organisationId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  // 404 rather than 403: the browser signs out on 403, and someone else's bookmark must look like none.
  if (Number(deleted.numDeletedRows) === 0) {
    throw notFound(`bookmark ${id} of yours`);
  }
}

export async function bookmarkViews(
  db: Database,
  organisationId: number,
  rows: Selectable<Tables['bookmarks']>[],
): Promise<Bookmark[]> {
  const own = await ownDataPoints(
    db,
    organisationId,
    rows.flatMap((row) => row.view.dataPointIds),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    view: withoutGonePoints(row.view, own),
    explorerId: row.explorer_id,
    createdAt: row.created_at.toISOString(),
  }));
}
