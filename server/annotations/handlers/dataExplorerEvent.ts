import { defineHandler } from '../../http/define-handler';
import { listEvents } from '../events';

/** The organisation's events in the period asked for. */
export default defineHandler('dataExplorerEvent', async ({ context, organisationId, input }) => ({
  events: await listEvents(context.db, organisationId, input),
}));
