import { defineHandler } from '../../http/define-handler';
import { deleteChannel } from '../channels';

/** Deletes a webhook with the deliveries it has not had. */
export default defineHandler('channelDelete', async ({ context, organisationId, input }) => {
  await deleteChannel(context.db, organisationId, input.id);
  return { deleted: input.id };
});
