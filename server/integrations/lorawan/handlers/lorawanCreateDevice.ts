import { defineHandler } from '../../../http/define-handler';
import { createDevice } from '../create-device';

/** Registers a LoRaWAN end device of the caller's organisation. */
export default defineHandler('lorawanCreateDevice', async ({ context, organisationId, input }) => ({
  device: await createDevice(context.db, organisationId, input),
}));
