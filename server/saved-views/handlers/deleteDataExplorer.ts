import { defineHandler } from '../../http/define-handler';
import { deleteExplorer } from '../saved-views';

/** Deletes a saved view, and the bookmarks made from it. */
export default defineHandler('deleteDataExplorer', async ({ context, organisationId, input }) => {
  await deleteExplorer(context.db, organisationId, input.id);
  return { deleted: input.id };
});
