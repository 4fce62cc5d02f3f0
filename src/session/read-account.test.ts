import { describe, expect, it } from 'vitest';
import { responseExamples } from '../generated/api-examples';
import type { BillingResponse, PlanName } from '../generated/api-types';
import { subscriptionOf } from './read-account';

const billing = responseExamples.billing[0] as BillingResponse;
const onPlan = (name: PlanName | null): BillingResponse => ({
  ...billing,
  subscription: { ...billing.subscription, plan: name === null ? null : { product: { name } } },
});

describe("the session's subscription", () => {
  it('keeps what the plan includes, and offers nothing more', () => {
    expect(subscriptionOf(onPlan('Advanced'))).toMatchObject({
      planName: 'Advanced',
      features: ['mqtt', 'lorawan', 'apiKeys'],
      upgrades: {},
    });
  });

  it('names, for each part the plan lacks, the cheapest plan that includes it', () => {
    expect(subscriptionOf(onPlan('Professional'))).toMatchObject({
      features: [],
      upgrades: { mqtt: 'Advanced', lorawan: 'Advanced', apiKeys: 'Advanced' },
    });
    expect(subscriptionOf(onPlan(null))).toMatchObject({ planName: null, features: [] });
  });
});
