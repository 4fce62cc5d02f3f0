import { defineHandler } from '../../http/define-handler';
import { updatePage } from '../update-page';

/** Saves a page's document as its next revision, unless another save came first (409). */
export default defineHandler('dashboardUpdate', async ({ context, organisationId, caller, input }) =>
  updatePage(context.db, { organisationId, authorId: caller.userId }, input),
);
