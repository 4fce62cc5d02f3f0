import { defineHandler } from '../../http/define-handler';
import { listReports } from '../reports';

/** The organisation's reports, with their next and latest runs; every member reads them. */
export default defineHandler('reportsData', async ({ context, organisationId }) => ({
  reports: await listReports(context.db, organisationId),
}));
