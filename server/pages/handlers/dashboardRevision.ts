import { defineHandler } from '../../http/define-handler';
import { ownPage } from '../pages';
import { describedRevision, findRevision } from '../revisions';
import { readStored } from '../stored-document';

/** One revision of a page, its document migrated for reading. */
export default defineHandler('dashboardRevision', async ({ context, organisationId, input }) => {
  const page = await ownPage(context.db, organisationId, input.id);
  const row = await findRevision(context.db, page.id, input.revision);
  return { revision: await describedRevision(context.db, row), ...readStored(row.document) };
});
