import { defineHandler } from '../../http/define-handler';
import { listExplorers } from '../saved-views';

/** The organisation's saved Data Explorer views, by name. */
export default defineHandler('getDateExplorer', async ({ context, organisationId }) => ({
  explorers: await listExplorers(context.db, organisationId),
}));
