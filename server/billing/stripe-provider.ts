import Stripe from 'stripe';
import type { Database } from '../db/database';
import type { SubscriptionStatus } from '../db/tables';
import type { BillingProvider, Plan } from './provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Stripe price ids for each plan. */
  prices: Record<Plan, string>;
  /** Where Stripe sends the browser back to. */
  publicUrl: string;
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
  const stripe = new Stripe(settings.secretKey);
  return {
    name: 'stripe',
    async checkout(db, organisationId, plan) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: settings.prices[plan], quantity: 1 }],
        client_reference_id: String(organisationId),
        metadata: { organisation_id: String(organisationId), plan },
        subscription_data: { metadata: { organisation_id: String(organisationId), plan } },
        success_url: `${settings.publicUrl}/billing?checkout=done`,
        cancel_url: `${settings.publicUrl}/billing?checkout=cancelled`,
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
        await record(
          db,
          session.metadata,
          'active',
          typeof session.subscription === 'string' ? session.subscription : null,
        );
      } else if (event.type.startsWith('customer.subscription.')) {
        const subscription = event.data.object as Stripe.Subscription;
        const status = STATUSES.has(subscription.status as SubscriptionStatus)
          ? (subscription.status as SubscriptionStatus)
          : 'incomplete';
        await record(
          db,
          subscription.metadata,
          event.type === 'customer.subscription.deleted' ? 'canceled' : status,
          subscription.id,
        );
      }
    },
  };
}

export class WebhookRejected extends Error {}

async function record(
  db: Database,
  metadata: Stripe.Metadata | null,
  status: SubscriptionStatus,
  reference: string | null,
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
      updated_at: new Date(),
      ...(plan ? { plan } : {}),
    })
    .where('organisation_id', '=', organisationId)
    .execute();
}
