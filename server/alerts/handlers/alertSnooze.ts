import { defineHandler } from '../../http/define-handler';
import { snoozeAlert } from '../alerts';

/** Holds the alert's notifications back for a while. */
export default defineHandler('alertSnooze', async ({ context, organisationId, caller, input }) => ({
  alert: await snoozeAlert(context.db, organisationId, caller.userId, input.id, input.minutes),
}));
