import { defineHandler } from '../../http/define-handler';
import { updateExplorer } from '../save-view';
import { findExplorer } from '../saved-views';

/** Renames a saved view, replaces what it shows, or both. */
export default defineHandler('updateDataExplorer', async ({ context, organisationId, input }) => {
  await updateExplorer(context.db, organisationId, input);
  return { explorer: await findExplorer(context.db, organisationId, input.id) };
});
