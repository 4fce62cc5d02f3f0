import { defineHandler } from '../../http/define-handler';
import { updateReport } from '../reports';

/** Changes one of the organisation's reports, from an editor or up, over the revision the change started from. */
export default defineHandler('reportUpdate', async ({ context, organisationId, caller, input }) =>
  updateReport(context.db, { organisationId, authorId: caller.userId }, input),
);
