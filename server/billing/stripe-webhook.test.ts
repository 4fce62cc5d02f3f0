import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { stripeBillingProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_test_insights';
const provider = stripeBillingProvider({
  secretKey: 'sk_test_not_used_for_webhooks',
  webhookSecret: WEBHOOK_SECRET,
  prices: { PRO: 'price_pro', ADVANCE: 'price_advance' },
  publicUrl: 'http://insights.test',
});

function completedCheckout(organisationId: number): string {
  return JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_1',
        object: 'checkout.session',
        subscription: 'sub_1',
        metadata: { organisation_id: String(organisationId), plan: 'PRO' },
      },
    },
  });
}

describeEachEngine('Stripe webhook on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    server = await startTestApp(engine, { billing: provider });
  });
  afterAll(async () => server?.close());

  const post = (payload: string, signature?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });

  const subscription = (organisationId: number) =>
    server.db
      .selectFrom('subscriptions')
      .select(['status', 'plan', 'provider'])
      .where('organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow();

  it('activates the plan when Stripe signs a completed checkout', async () => {
    const { organisationId } = await server.memberOfNewOrganisation('payer@example.com', 'Payer');
    const payload = completedCheckout(organisationId);
    const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const response = await post(payload, signature);
    expect(response.statusCode).toBe(200);
    expect(await subscription(organisationId)).toEqual({ status: 'active', plan: 'PRO', provider: 'stripe' });
  });

  it('refuses a forged, altered or unsigned event and changes nothing', async () => {
    const { organisationId } = await server.memberOfNewOrganisation('freeloader@example.com', 'Freeloader');
    const payload = completedCheckout(organisationId);
    const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_wrong',
    });
    const genuine = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload: completedCheckout(1),
      secret: WEBHOOK_SECRET,
    });
    for (const [body, signature] of [
      [payload, forged],
      [payload, genuine],
      [payload, undefined],
    ] as const) {
      const response = await post(body, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Webhook signature not valid: /);
    }
    expect((await subscription(organisationId)).status).toBe('incomplete');
  });
});
