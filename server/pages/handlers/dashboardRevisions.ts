import { defineHandler } from '../../http/define-handler';
import { ownPage } from '../pages';
import { listRevisions } from '../revisions';

/** A page's history, newest first. */
export default defineHandler('dashboardRevisions', async ({ context, organisationId, input }) => {
  const page = await ownPage(context.db, organisationId, input.id);
  return { revisions: await listRevisions(context.db, page.id) };
});
