import { defineHandler } from '../../http/define-handler';
import { createPage } from '../create-page';

/** A new page from a given document, a template or nothing, as revision 1. */
export default defineHandler('dashboardCreate', async ({ context, organisationId, caller, input }) =>
  createPage(context.db, { organisationId, authorId: caller.userId, request: input }),
);
