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
    const { organisationId } = await server.memberOfNewOrganisation('payer@example.com', 'Payer', {
      plan: null,
    });
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
    const { organisationId } = await server.memberOfNewOrganisation('freeloader@example.com', 'Freeloader', {
      plan: null,
    });
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

  it("records a trial's end from Stripe's subscription event, which billing and the top bar then count down", async () => {
    const { organisationId, token } = await server.memberOfNewOrganisation('trial@example.com', 'Trial Ltd', {
      plan: null,
    });
    const trialEnd = Math.floor(Date.parse('2030-01-15T00:00:00Z') / 1000);
    const payload = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'customer.subscription.created',
      data: {
        object: {
          id: 'sub_2',
          object: 'subscription',
          status: 'trialing',
          trial_end: trialEnd,
          metadata: { organisation_id: String(organisationId), plan: 'ADVANCE' },
        },
      },
    });
    const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    expect((await post(payload, signature)).statusCode).toBe(200);
    expect((await server.api('billing', token, { orgId: organisationId })).body.subscription).toEqual({
      status: 'trialing',
      plan: { product: { name: 'Advanced' } },
      trialEndsAt: '2030-01-15T00:00:00.000Z',
    });
    // A trial is a plan in force: the organisation can add what Advanced allows.
    const site = await server.api('addEntity', token, { type: 'site', name: 'Trial site', timeZone: 'UTC' });
    expect(site.status).toBe(200);
  });
});
