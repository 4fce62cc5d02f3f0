import type { BillingResponse } from '../generated/api-types';

/** A subscription's state, or none before a plan is chosen. */
export type SubscriptionStatus = BillingResponse['subscription']['status'] | 'none';

/**
 * Its colour wherever it shows (the top bar, the billing page): green when
 * all is well, orange while a trial runs, red when something needs paying.
 * Its words are the `subscription.<status>` messages of each locale.
 */
export const SUBSCRIPTION_PALETTE: Record<SubscriptionStatus, string> = {
  active: 'green',
  trialing: 'orange',
  incomplete: 'red',
  past_due: 'red',
  unpaid: 'red',
  canceled: 'gray',
  none: 'gray',
};
