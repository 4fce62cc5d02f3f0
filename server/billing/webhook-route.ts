import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../http/api-context';
import { WebhookRejected } from './stripe-provider';

/**
 * POST /api/billing/webhook: Stripe's events. No sign-in: the signature over
 * the raw body is the check, so the body is kept exactly as it arrived.
 */
export async function billingWebhookRoutes(app: FastifyInstance, { db, billing }: ApiContext): Promise<void> {
  if (!('handleWebhook' in billing)) return;
  const provider = billing as typeof billing & {
    handleWebhook(db: ApiContext['db'], rawBody: string, signature: string | undefined): Promise<void>;
  };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/billing/webhook', async (request, reply) => {
    try {
      await provider.handleWebhook(
        db,
        request.body as string,
        request.headers['stripe-signature'] as string | undefined,
      );
    } catch (error) {
      if (error instanceof WebhookRejected) {
        return reply.status(400).send({ message: `Webhook signature not valid: ${error.message}` });
      }
      throw error;
    }
    return { received: true };
  });
}
