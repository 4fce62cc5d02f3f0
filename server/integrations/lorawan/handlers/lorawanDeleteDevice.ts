import { defineHandler } from '../../../http/define-handler';
import { deleteDevice } from '../delete-device';

/** Removes one of the organisation's LoRaWAN devices; nobody else's. */
export default defineHandler('lorawanDeleteDevice', async ({ context, organisationId, input }) => {
  await deleteDevice(context.db, organisationId, input.id);
  return { deleted: input.id };
});
