import type { BookMarkCreateRequest, Bookmark } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';
import { checkView } from '../saved-views/check-view';
import { findExplorer } from '../saved-views/saved-views';
import { type BookmarkOwner, bookmarkViews } from './bookmarks';

/** Bookmarks a view for its owner alone. */
export async function addBookmark(
  db: Database,
  owner: BookmarkOwner,
  body: BookMarkCreateRequest,
): Promise<Bookmark> {
  const title = body.title.trim();
  if (title === '') throw fieldError('/title', 'Give the bookmark a title, such as "Chillers this week".');
  await checkView(db, owner.organisationId, body.view);
  const explorerId = body.explorerId ?? null;
  // Refuses a saved view of another organisation's the same way as one that does not exist.
  if (explorerId !== null) await findExplorer(db, owner.organisationId, explorerId);
  const row = await db
    .insertInto('bookmarks')
    .values({
      organisation_id: owner.organisationId,
      user_id: owner.userId,
      explorer_id: explorerId,
      title,
      view: JSON.stringify(body.view),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const [bookmark] = await bookmarkViews(db, owner.organisationId, [row]);
  return bookmark as Bookmark;
}
