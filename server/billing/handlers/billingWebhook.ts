import { ApiError, fieldError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { WebhookRejected } from '../stripe-provider';

/**
 * POST /api/billing/webhook: Stripe's events. No sign-in: the signature over
 * the raw body is the check, so the body is taken as bytes, exactly as it arrived.
 */
export default defineHandler('billingWebhook', async ({ context, request, file }) => {
  const { billing } = context;
  if (!billing.handleWebhook) throw new ApiError(404, 'Stripe is not configured on this server.');
  const signature = request.headers['stripe-signature'];
  try {
    await billing.handleWebhook(
      context.db,
      file.toString('utf8'),
      typeof signature === 'string' ? signature : undefined,
    );
  } catch (error) {
    if (error instanceof WebhookRejected) {
      throw fieldError('', `Webhook signature not valid: ${error.message}`);
    }
    throw error;
  }
  return { received: true as const };
});
