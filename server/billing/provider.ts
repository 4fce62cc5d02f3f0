import type { Database } from '../db/database';
import type { SubscriptionStatus } from '../db/tables';
import type { Plan } from './plans';

/** How a plan is paid for: the local provider for installs without payment, Stripe when configured. */
export interface BillingProvider {
  name: string;
  /** Starts paying for a plan: either active at once, or an address to pay at. */
  checkout(
    db: Database,
    organisationId: number,
    plan: Plan,
  ): Promise<{ status: SubscriptionStatus; checkoutUrl?: string }>;
  /** A payment provider's signed event about a subscription (Stripe's webhook); absent where nothing calls back. */
  handleWebhook?(db: Database, rawBody: string, signature: string | undefined): Promise<void>;
}
