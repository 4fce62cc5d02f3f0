import { defineHandler } from '../../http/define-handler';
import { pageTemplates } from '../page-templates';
import { pageSummaries } from '../pages';

/** The organisation's pages, and the templates a new one can start from. */
export default defineHandler('dashboard', async ({ context, organisationId }) => ({
  pages: await pageSummaries(context.db, organisationId),
  templates: pageTemplates(),
}));
