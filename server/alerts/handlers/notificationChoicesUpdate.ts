import { defineHandler } from '../../http/define-handler';
import { chooseNotifications } from '../notification-choices';

/** The caller chooses what of the organisation's alerts reaches them by mail. */
export default defineHandler(
  'notificationChoicesUpdate',
  async ({ context, organisationId, caller, input }) => ({
    choices: await chooseNotifications(context.db, { organisationId, userId: caller.userId }, input),
  }),
);
