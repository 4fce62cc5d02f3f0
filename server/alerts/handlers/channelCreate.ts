import { defineHandler } from '../../http/define-handler';
import { createChannel } from '../channels';
import { serverAddress } from '../server-address';

/** Adds a webhook; its signing secret is in this answer alone. */
export default defineHandler('channelCreate', async ({ context, organisationId, caller, input, request }) =>
  createChannel(context.db, organisationId, caller.userId, input, serverAddress(context.publicUrl, request)),
);
