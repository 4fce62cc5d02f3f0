import { defineHandler } from '../../http/define-handler';
import { listLabels } from '../labels';

/** The organisation's labels in the period asked for. */
export default defineHandler('dataExplorerLabel', async ({ context, organisationId, input }) => ({
  labels: await listLabels(context.db, organisationId, input),
}));
