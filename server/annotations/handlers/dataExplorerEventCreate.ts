import { defineHandler } from '../../http/define-handler';
import { addEvent } from '../add-event';

/** Puts an event on the organisation's timeline, for one of its entities or all of it. */
export default defineHandler(
  'dataExplorerEventCreate',
  async ({ context, organisationId, caller, input }) => ({
    event: await addEvent(context.db, organisationId, caller.userId, input),
  }),
);
