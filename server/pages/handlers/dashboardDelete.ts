import { defineHandler } from '../../http/define-handler';
import { deletePage } from '../delete-page';

/** Deletes a page with its revisions and the pages under it. */
export default defineHandler('dashboardDelete', async ({ context, organisationId, input }) => ({
  deleted: await deletePage(context.db, organisationId, input.id),
}));
