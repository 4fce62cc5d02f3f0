import { defineHandler } from '../../http/define-handler';
import { runReportNow } from '../reports';

/** Queues a report's run now, or answers the one already waiting; editors and up. */
export default defineHandler('pdfGenerate', async ({ context, organisationId, caller, input }) => {
  const queued = await runReportNow(context.db, { organisationId, requestedBy: caller.userId }, input);
  if (!queued.alreadyQueued) await context.renderReportsNow();
  return queued;
});
