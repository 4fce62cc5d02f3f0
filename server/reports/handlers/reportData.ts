import { defineHandler } from '../../http/define-handler';
import { reportData } from '../report-data';

/** The data behind a run as CSV or XLSX; every member reads reports. */
export default defineHandler('reportData', async ({ context, organisationId, input }) =>
  reportData(context.db, context.storage, organisationId, input),
);
