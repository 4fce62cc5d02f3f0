import { defineHandler } from '../../http/define-handler';
import { addBookmark } from '../add-bookmark';

/** Bookmarks a Data Explorer view for the caller alone. */
export default defineHandler('bookMarkCreate', async ({ context, organisationId, caller, input }) => ({
  bookmark: await addBookmark(context.db, { organisationId, userId: caller.userId }, input),
}));
