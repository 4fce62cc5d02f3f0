import Stripe from 'stripe';
import type { Database } from '../db/database';
import type { SubscriptionStatus } from '../db/tables';
import { ApiError } from '../http/api-error';
import type { Plan } from './plans';
import type { BillingProvider } from './provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Stripe price ids for each plan. */
  prices: Record<Plan, string>;
  /** Where Stripe sends the browser back to. */
  publicUrl: string;
  /** Days of trial before the first charge (Stripe's trial_period_days); none when 0 or absent. */
  trialDays?: number;
  /** Stripe's API at another address (stripe-mock, a test's server); https://api.stripe.com without it. */
  apiUrl?: string;
}

const STATUSES = new Set<SubscriptionStatus>([
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
]);

/**
 * Stripe Checkout for choosing a plan; the subscription changes only when
 * Stripe's signed webhook says so, never on the browser's word.
 */
export function stripeBillingProvider(settings: StripeSettings): Required<BillingProvider> {
  const stripe = new Stripe(settings.secretKey, settings.apiUrl ? apiAddress(settings.apiUrl) : undefined);
  return {
    name: 'stripe',
    async checkout(db, organisationId, plan) {
      const session = await stripe.checkout.sessions
        .create({
          mode: 'subscription',
          line_items: [{ price: settings.prices[plan], quantity: 1 }],
          client_reference_id: String(organisationId),
          metadata: { organisation_id: String(organisationId), plan },
          subscription_data: {
            metadata: { organisation_id: String(organisationId), plan },
            ...(settings.trialDays ? { trial_period_days: settings.trialDays } : {}),
          },
          success_url: `${settings.publicUrl}/billing?checkout=done`,
          cancel_url: `${settings.publicUrl}/billing?checkout=cancelled`,
        })
        .catch((error: unknown) => {
          throw error instanceof Stripe.errors.StripeError ? stripeRefused(error) : error;
        });
      const current = await db
        .selectFrom('subscriptions')
        .select('status')
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      return {
        status: current?.status ?? 'incomplete',
        ...(session.url ? { checkoutUrl: session.url } : {}),
      };
    },

    /** Verifies Stripe's signature on the raw body, then records the subscription it describes. */
    async handleWebhook(db, rawBody, signature) {
      if (!signature) throw new WebhookRejected('Stripe-Signature header missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new WebhookRejected((error as Error).message);
      }
      if (event.type === 'checkout.session.completed') {
        const session = event.data.object;
        // With a trial, paying starts the trial; the subscription's own event then gives its exact end.
        const trialEnd = settings.trialDays ? new Date(Date.now() + settings.trialDays * 86_400_000) : null;
        await record(db, session.metadata, {
          status: trialEnd ? 'trialing' : 'active',
          reference: typeof session.subscription === 'string' ? session.subscription : null,
          trialEnd,
        });
      } else if (event.type.startsWith('customer.subscription.')) {
        const subscription = event.data.object as Stripe.Subscription;
        const status = STATUSES.has(subscription.status as SubscriptionStatus)
          ? (subscription.status as SubscriptionStatus)
          : 'incomplete';
        await record(db, subscription.metadata, {
          status: event.type === 'customer.subscription.deleted' ? 'canceled' : status,
          reference: subscription.id,
          trialEnd: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
        });
      }
    },
  };
}

export class WebhookRejected extends Error {}

/**
 * Stripe's refusal as a 502: the caller asked for nothing wrong, and Stripe's
 * own status would mislead (its 401 for a wrong secret key would sign the
 * member out of the app). Stripe's message says what to fix; it shows no secrets.
 */
function stripeRefused(error: InstanceType<typeof Stripe.errors.StripeError>): ApiError {
  return new ApiError(502, `Stripe could not start a checkout, so nothing was charged: ${error.message}`);
}

/** The SDK takes its API's address in parts. */
function apiAddress(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const { hostname, port, protocol } = new URL(url);
  const secure = protocol === 'https:';
  return { host: hostname, port: Number(port) || (secure ? 443 : 80), protocol: secure ? 'https' : 'http' };
}

/** What an event says of a subscription: its state, Stripe's id for it, and when its trial ends. */
interface Recorded {
  status: SubscriptionStatus;
  reference: string | null;
  trialEnd: Date | null;
}

async function record(
  db: Database,
  metadata: Stripe.Metadata | null,
  { status, reference, trialEnd }: Recorded,
): Promise<void> {
  const organisationId = Number(metadata?.organisation_id);
  const plan = metadata?.plan === 'PRO' || metadata?.plan === 'ADVANCE' ? metadata.plan : undefined;
  if (!Number.isInteger(organisationId)) return;
  await db
    .updateTable('subscriptions')
    .set({
      status,
      provider: 'stripe',
      provider_reference: reference,
      trial_ends_at: trialEnd,
      updated_at: new Date(),
      ...(plan ? { plan } : {}),
    })
    .where('organisation_id', '=', organisationId)
    .execute();
}
