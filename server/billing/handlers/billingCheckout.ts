import { defineHandler } from '../../http/define-handler';
import { requireMember } from '../../organisations/membership';
import { requireFits } from '../plan-limits';

/** Chooses a plan for the caller's organisation: active at once (local provider) or an address to pay at (Stripe). */
export default defineHandler('billingCheckout', async ({ context, caller, input }) => {
  // Naming an organisation that is not the caller's is refused (403).
  requireMember(caller, input.orgId);
  await requireFits(context.db, input.orgId, input.plan);
  return context.billing.checkout(context.db, input.orgId, input.plan);
});
