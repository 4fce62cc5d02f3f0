import { defineHandler } from '../../http/define-handler';
import { failingDeliveries } from '../webhook-deliveries';

/** The organisation's webhook posts that failed and are not delivered yet. */
export default defineHandler('channelDeliveries', async ({ context, organisationId }) => ({
  deliveries: await failingDeliveries(context.db, organisationId),
}));
