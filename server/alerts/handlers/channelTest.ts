import { defineHandler } from '../../http/define-handler';
import { testChannel } from '../channels';

/** Posts a test message to a webhook now and says what its receiver answered. */
export default defineHandler('channelTest', async ({ context, organisationId, input }) =>
  testChannel(context.db, organisationId, input.id, context.publicUrl),
);
