import { defineHandler } from '../../http/define-handler';
import { openPage } from '../pages';

/** One page with its current document, migrated for reading. */
export default defineHandler('dashboardGet', async ({ context, organisationId, input }) =>
  openPage(context.db, organisationId, input.id),
);
