import type { PlanFeature, PlanName, PlanTerms } from '../../src/generated/api-types';

export type Plan = PlanTerms['code'];
/** What a plan counts: sites, data points (virtual ones too) and people (members and open invitations). */
export type Countable = keyof PlanTerms['limits'];

/**
 * What each plan costs and allows, cheapest first. Professional is for a team
 * that loads its meters by hand, by file or over SFTP; Advanced adds the live
 * feeds (MQTT, LoRaWAN, API keys) and room for a portfolio. The prices are
 * list prices shown on the billing page; with Stripe, what is charged is the
 * price each plan's Stripe price id names.
 */
export const PLANS: readonly PlanTerms[] = [
  {
    code: 'PRO',
    name: 'Professional',
    price: { amount: 49, currency: 'EUR', interval: 'month' },
    limits: { sites: 5, dataPoints: 250, users: 10 },
    features: [],
  },
  {
    code: 'ADVANCE',
    name: 'Advanced',
    price: { amount: 149, currency: 'EUR', interval: 'month' },
    limits: { sites: 100, dataPoints: 5000, users: 100 },
    features: ['mqtt', 'lorawan', 'apiKeys'],
  },
];

export function planTerms(plan: Plan): PlanTerms {
  return PLANS.find((terms) => terms.code === plan) as PlanTerms;
}

export function planName(plan: Plan): PlanName {
  return planTerms(plan).name;
}

/** The cheapest plan above `plan` (or any, without one) that allows more of `what`; undefined when none does. */
export function planThatLifts(plan: Plan | null, what: Countable | PlanFeature): PlanTerms | undefined {
  const current = plan ? planTerms(plan) : undefined;
  return PLANS.find((terms) =>
    isFeature(what) ? terms.features.includes(what) : terms.limits[what] > (current?.limits[what] ?? 0),
  );
}

export function isFeature(what: Countable | PlanFeature): what is PlanFeature {
  return what === 'mqtt' || what === 'lorawan' || what === 'apiKeys';
}
