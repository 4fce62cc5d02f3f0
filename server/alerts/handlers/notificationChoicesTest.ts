import { defineHandler } from '../../http/define-handler';
import { sendTestMail } from '../test-mail';

/** Sends the caller a test of their alert mail now. */
export default defineHandler('notificationChoicesTest', async ({ context, organisationId, caller }) => ({
  sentTo: await sendTestMail(context.db, context.mailer, context.publicUrl, {
    organisationId,
    userId: caller.userId,
  }),
}));
