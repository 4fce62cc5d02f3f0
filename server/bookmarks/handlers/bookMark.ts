import { defineHandler } from '../../http/define-handler';
import { listBookmarks } from '../bookmarks';

/** The caller's own bookmarks in their organisation, newest first. */
export default defineHandler('bookMark', async ({ context, organisationId, caller }) => ({
  bookmarks: await listBookmarks(context.db, { organisationId, userId: caller.userId }),
}));
