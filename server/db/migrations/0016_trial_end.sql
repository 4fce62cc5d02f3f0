-- While a subscription is trialing, when its trial ends (Stripe's trial_end): the top bar counts the days left.
alter table subscriptions add column trial_ends_at timestamptz;
