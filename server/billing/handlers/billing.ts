import { ApiError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { requireMember } from '../../organisations/membership';
import { PLAN_NAMES } from '../provider';
import { subscriptionOf } from '../subscriptions';

/** The subscription of the caller's organisation (spec §3, §7). */
export default defineHandler('billing', async ({ context, caller, input }) => {
  // Naming an organisation that is not the caller's is refused (403).
  requireMember(caller, input.orgId);
  const subscription = await subscriptionOf(context.db, input.orgId);
  if (!subscription) throw new ApiError(404, 'This organisation has no subscription record.');
  return {
    subscription: {
      status: subscription.status,
      plan: subscription.plan ? { product: { name: PLAN_NAMES[subscription.plan] } } : null,
    },
  };
});
