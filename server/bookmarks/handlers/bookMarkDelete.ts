import { defineHandler } from '../../http/define-handler';
import { deleteBookmark } from '../bookmarks';

/** Removes one of the caller's bookmarks; nobody else's. */
export default defineHandler('bookMarkDelete', async ({ context, organisationId, caller, input }) => {
  await deleteBookmark(context.db, { organisationId, userId: caller.userId }, input.id);
  return { deleted: input.id };
});
