import { defineHandler } from '../../http/define-handler';
import { listNotifications } from '../notifications';

/** The caller's own notifications and how many are unread. */
export default defineHandler('notifications', async ({ context, organisationId, caller }) =>
  listNotifications(context.db, { organisationId, userId: caller.userId }),
);
