import { defineHandler } from '../../http/define-handler';
import { addExplorer } from '../save-view';
import { findExplorer } from '../saved-views';

/** Saves a view for the whole organisation. */
export default defineHandler('addExplorer', async ({ context, organisationId, caller, input }) => {
  const id = await addExplorer(context.db, organisationId, caller.userId, input);
  return { explorer: await findExplorer(context.db, organisationId, id) };
});
