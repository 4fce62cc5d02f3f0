import { defineHandler } from '../../http/define-handler';
import { createReport } from '../reports';

/** A new report of the organisation's, from an editor or up. */
export default defineHandler('reportCreate', async ({ context, organisationId, caller, input }) => ({
  report: await createReport(context.db, { organisationId, authorId: caller.userId }, input),
}));
