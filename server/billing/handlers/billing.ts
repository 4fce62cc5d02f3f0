import { ApiError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { requireMember } from '../../organisations/membership';
import { usageOf } from '../plan-limits';
import { PLANS, planName } from '../plans';
import { subscriptionOf } from '../subscriptions';

/** The subscription of the caller's organisation (spec §3, §7), the plans on offer, and what it uses of them. */
export default defineHandler('billing', async ({ context, caller, input }) => {
  // Naming an organisation that is not the caller's is refused (403).
  requireMember(caller, input.orgId);
  const subscription = await subscriptionOf(context.db, input.orgId);
  if (!subscription) throw new ApiError(404, 'This organisation has no subscription record.');
  return {
    subscription: {
      status: subscription.status,
      plan: subscription.plan ? { product: { name: planName(subscription.plan) } } : null,
      trialEndsAt:
        subscription.status === 'trialing' && subscription.trial_ends_at
          ? new Date(subscription.trial_ends_at).toISOString()
          : null,
    },
    plans: [...PLANS],
    usage: await usageOf(context.db, input.orgId),
  };
});
