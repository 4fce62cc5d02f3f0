import { defineHandler } from '../../http/define-handler';
import { ownPage, pageSummaries } from '../pages';

/** The pages directly under one of the organisation's pages. */
export default defineHandler('subDashboard', async ({ context, organisationId, input }) => {
  const page = await ownPage(context.db, organisationId, input.id);
  return { pages: await pageSummaries(context.db, organisationId, { under: page.id }) };
});
