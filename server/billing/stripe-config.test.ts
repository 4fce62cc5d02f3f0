import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';

describe('Stripe settings from the environment', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PRICE_PRO: 'price_pro',
    STRIPE_PRICE_ADVANCE: 'price_adv',
  };

  it('takes whole days of trial, and none when unset', () => {
    expect(readConfig({ ...stripe, STRIPE_TRIAL_DAYS: '14' }).stripe?.trialDays).toBe(14);
    expect(readConfig(stripe).stripe?.trialDays).toBe(0);
  });

  it.each(['two weeks', '1.5', '-3', '1000'])(
    'refuses STRIPE_TRIAL_DAYS=%s at start-up, saying what it takes',
    (value) => {
      expect(() => readConfig({ ...stripe, STRIPE_TRIAL_DAYS: value })).toThrow(
        `STRIPE_TRIAL_DAYS must be a whole number of days from 0 to 730, not "${value}".`,
      );
    },
  );
});
