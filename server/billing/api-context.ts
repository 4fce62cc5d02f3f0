import type { BillingProvider } from './provider';

declare module '../http/api-context' {
  interface ApiContext {
    /** Stripe, or the local provider that makes a chosen plan active at once. */
    billing: BillingProvider;
  }
}
