import { defineHandler } from '../../../http/define-handler';
import { lorawanOverview } from '../overview';

/** The organisation's LoRaWAN devices and the MQTT side's settings. */
export default defineHandler('lorawan', async ({ context, organisationId }) =>
  lorawanOverview(context.db, organisationId),
);
