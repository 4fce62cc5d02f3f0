import { defineHandler } from '../../http/define-handler';
import { deleteReport } from '../reports';

/** Removes one of the organisation's reports with its runs. */
export default defineHandler('reportDelete', async ({ context, organisationId, input }) => {
  await deleteReport(context.db, organisationId, input.id);
  return { deleted: input.id };
});
