import { useAtomValue } from 'jotai';
import { contracts, type EndpointName } from '../generated/api-contracts';
import { sessionAtom } from '../session/session-atoms';

export type PlanAllows =
  | { allowed: true }
  | { allowed: false; plan: string | null; upgrade: string | undefined };

/**
 * Whether the organisation's plan includes the part of the product an
 * endpoint belongs to (its contract's `feature`), and if not, the plan it is
 * on and the cheapest that includes it: screens offer that plan instead of a
 * form the server would answer 402. Unknown while the subscription is
 * (the server still decides).
 */
export function usePlanAllows(endpoint: EndpointName): PlanAllows {
  const session = useAtomValue(sessionAtom);
  const binding = contracts[endpoint];
  const subscription = session.status === 'authorised' ? session.user.subscription : null;
  if (!('feature' in binding) || !subscription || subscription.features.includes(binding.feature)) {
    return { allowed: true };
  }
  return { allowed: false, plan: subscription.planName, upgrade: subscription.upgrades[binding.feature] };
}
