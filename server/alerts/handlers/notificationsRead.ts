import { defineHandler } from '../../http/define-handler';
import { markNotificationsRead } from '../notifications';

/** Marks the caller's notifications read: those named, or all. */
export default defineHandler('notificationsRead', async ({ context, organisationId, caller, input }) => ({
  unread: await markNotificationsRead(context.db, { organisationId, userId: caller.userId }, input.ids),
}));
