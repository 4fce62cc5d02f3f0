import { defineHandler } from '../../http/define-handler';
import { acknowledgeAlert } from '../alerts';

/** Notes that the caller has seen the alert and is dealing with it. */
export default defineHandler('alertAcknowledge', async ({ context, organisationId, caller, input }) => ({
  alert: await acknowledgeAlert(context.db, organisationId, caller.userId, input.id),
}));
