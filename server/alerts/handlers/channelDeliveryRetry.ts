import { defineHandler } from '../../http/define-handler';
import { retryDelivery } from '../webhook-deliveries';

/** Makes a failed post due now, and has the delivery job post it. */
export default defineHandler('channelDeliveryRetry', async ({ context, organisationId, input }) => {
  await retryDelivery(context.db, organisationId, input.id);
  await context.deliverNow();
  return { retried: input.id };
});
