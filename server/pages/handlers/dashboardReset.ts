import { defineHandler } from '../../http/define-handler';
import { resetPage } from '../reset-page';

/** Saves the page's template document again, as the next revision. */
export default defineHandler('dashboardReset', async ({ context, organisationId, caller, input }) =>
  resetPage(context.db, { organisationId, authorId: caller.userId }, input),
);
