import { defineHandler } from '../../http/define-handler';
import { getReport } from '../reports';

/** One report with its document and latest runs; every member reads it. */
export default defineHandler('report', async ({ context, organisationId, input }) =>
  getReport(context.db, organisationId, input.id),
);
