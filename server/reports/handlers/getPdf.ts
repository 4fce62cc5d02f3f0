import { defineHandler } from '../../http/define-handler';
import { pdfLink } from '../pdf-links';

/** A short-lived link to a run's PDF; every member reads reports. */
export default defineHandler('getPdf', async ({ context, organisationId, input }) =>
  pdfLink(context.db, organisationId, input.runId),
);
