import { defineHandler } from '../../http/define-handler';
import { restoreRevision } from '../restore-revision';

/** Saves an earlier revision's document again, as the next revision. */
export default defineHandler('dashboardRestore', async ({ context, organisationId, caller, input }) =>
  restoreRevision(context.db, { organisationId, authorId: caller.userId }, input),
);
