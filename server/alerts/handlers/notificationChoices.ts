import { defineHandler } from '../../http/define-handler';
import { choicesOf } from '../notification-choices';

/** What of the organisation's alerts reaches the caller by mail. */
export default defineHandler('notificationChoices', async ({ context, organisationId, caller }) => ({
  choices: await choicesOf(context.db, { organisationId, userId: caller.userId }),
}));
