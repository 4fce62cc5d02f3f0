import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp } from '../test-app';
import { type StripeApiStandIn, startStripeApiStandIn } from './stripe-api.test-helper';
import { stripeBillingProvider } from './stripe-provider';

const SECRET_KEY = 'sk_test_insights_checkout';
const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3';

describe('choosing a plan with Stripe Checkout', () => {
  let stripe: StripeApiStandIn;
  let server: Awaited<ReturnType<typeof startTestApp>>;
  let member: Awaited<ReturnType<typeof server.memberOfNewOrganisation>>;

  beforeAll(async () => {
    stripe = await startStripeApiStandIn();
    server = await startTestApp('pglite', {
      billing: stripeBillingProvider({
        secretKey: SECRET_KEY,
        webhookSecret: 'whsec_not_used_here',
        prices: { PRO: 'price_pro_monthly', ADVANCE: 'price_advance_monthly' },
        publicUrl: 'https://insights.example',
        trialDays: 14,
        apiUrl: stripe.url,
      }),
    });
    member = await server.memberOfNewOrganisation('payer@checkout.test', 'Checkout Ltd', { plan: null });
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });
  beforeEach(() => {
    stripe.received.length = 0;
  });

  const subscription = () =>
    server.db
      .selectFrom('subscriptions')
      .select(['status', 'plan', 'provider'])
      .where('organisation_id', '=', member.organisationId)
      .executeTakeFirstOrThrow();

  it('asks Stripe for a subscription checkout of the chosen price for this organisation, and hands back its address', async () => {
    stripe.answerWith({
      status: 200,
      body: { id: 'cs_test_a1b2c3', object: 'checkout.session', mode: 'subscription', url: CHECKOUT_URL },
    });
    const before = await subscription();

    const answer = await server.api('billing/checkout', member.token, {
      orgId: member.organisationId,
      plan: 'ADVANCE',
    });

    expect(answer).toEqual({ status: 200, body: { status: before.status, checkoutUrl: CHECKOUT_URL } });
    expect(stripe.received).toHaveLength(1);
    const [request] = stripe.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const organisation = String(member.organisationId);
    // Every field, so one added, dropped or renamed shows here.
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      mode: 'subscription',
      'line_items[0][price]': 'price_advance_monthly',
      'line_items[0][quantity]': '1',
      client_reference_id: organisation,
      'metadata[organisation_id]': organisation,
      'metadata[plan]': 'ADVANCE',
      'subscription_data[metadata][organisation_id]': organisation,
      'subscription_data[metadata][plan]': 'ADVANCE',
      'subscription_data[trial_period_days]': '14',
      success_url: 'https://insights.example/billing?checkout=done',
      cancel_url: 'https://insights.example/billing?checkout=cancelled',
    });
    // Paying is not yet paid: only Stripe's signed webhook changes the subscription.
    expect(await subscription()).toEqual(before);
  });

  it.each([
    {
      refusal: 'an unknown price',
      status: 400,
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'line_items[0][price]',
        message: "No such price: 'price_advance_monthly'",
      },
    },
    {
      // Passed on as a 401, this would sign the member out of the app.
      refusal: 'a wrong secret key',
      status: 401,
      error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****kout' },
    },
  ])('answers 502 saying Stripe refused, when Stripe refuses $refusal', async ({ status, error }) => {
    stripe.answerWith({ status, body: { error } });
    const before = await subscription();

    const answer = await server.api('billing/checkout', member.token, {
      orgId: member.organisationId,
      plan: 'PRO',
    });

    expect(answer).toEqual({
      status: 502,
      body: { message: `Stripe could not start a checkout, so nothing was charged: ${error.message}` },
    });
    expect(stripe.received).toHaveLength(1);
    expect(await subscription()).toEqual(before);
  });
});

describe('choosing a plan while Stripe cannot be reached', () => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    // A port that was free a moment ago and has nothing listening now.
    const gone = await startStripeApiStandIn();
    await gone.close();
    server = await startTestApp('pglite', {
      billing: stripeBillingProvider({
        secretKey: SECRET_KEY,
        webhookSecret: 'whsec_not_used_here',
        prices: { PRO: 'price_pro_monthly', ADVANCE: 'price_advance_monthly' },
        publicUrl: 'https://insights.example',
        apiUrl: gone.url,
      }),
    });
  });
  afterAll(async () => server?.close());

  it('answers 502 saying the connection to Stripe failed', async () => {
    const member = await server.memberOfNewOrganisation('offline@checkout.test', 'Offline Ltd', {
      plan: null,
    });
    const answer = await server.api('billing/checkout', member.token, {
      orgId: member.organisationId,
      plan: 'PRO',
    });
    expect(answer.status).toBe(502);
    expect(answer.body.message).toMatch(
      /^Stripe could not start a checkout, so nothing was charged: An error occurred with our connection to Stripe/,
    );
  });
});
