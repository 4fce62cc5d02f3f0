import { defineHandler } from '../../http/define-handler';
import { updateChannel } from '../channels';
import { serverAddress } from '../server-address';

/** Changes a webhook's name, address, severity or whether it is on. */
export default defineHandler('channelUpdate', async ({ context, organisationId, input, request }) => {
  const { id, ...fields } = input;
  return {
    channel: await updateChannel(
      context.db,
      organisationId,
      id,
      fields,
      serverAddress(context.publicUrl, request),
    ),
  };
});
