import { api } from '../generated/api-client';
import type { BillingResponse, PlanFeature } from '../generated/api-types';
import type { CurrentUser } from './session-atoms';

/**
 * The signed-in user from the pool's tokens and attributes, or undefined
 * when there is no usable session or it lacks an e-mail (spec §4); without
 * a name, the e-mail stands for it.
 * Tokens are refreshed first when asked, so a just-joined organisation shows.
 */
export async function readAccount({ refresh }: { refresh: boolean }): Promise<CurrentUser | undefined> {
  // aws-amplify, fetched and configured by the flow that signed in or restored the session.
  const { fetchAuthSession, fetchUserAttributes } = await import('aws-amplify/auth');
  const session = await fetchAuthSession({ forceRefresh: refresh }).catch(() => undefined);
  const idToken = session?.tokens?.idToken;
  if (!idToken) return undefined;
  const attributes = await fetchUserAttributes().catch(() => undefined);
  const email = attributes?.email;
  if (!email) return undefined;
  // The pool's SignUp takes no name (the AWS SDK's callers leave it out): such a person is shown by their
  // e-mail until they give a name in their profile, rather than sent back to the login page unheard.
  const name = attributes?.name?.trim() || email;
  const organisation = idToken.payload['custom:organisation_id'];
  return {
    id: String(idToken.payload.sub),
    name,
    email,
    avatar: null,
    role: 'viewer',
    organisationId:
      typeof organisation === 'string' && /^\d+$/.test(organisation) ? Number(organisation) : null,
    subscription: null,
  };
}

/**
 * The caller's role in their organisation. When the call fails the member
 * may do what a viewer, who may do least, may do, and is told so (roleUnknown).
 */
export async function readRole(): Promise<Pick<CurrentUser, 'role' | 'roleUnknown'>> {
  try {
    return { role: (await api.membership()).role };
  } catch (error) {
    console.warn('The role in the organisation could not be loaded', error);
    return { role: 'viewer', roleUnknown: true };
  }
}

/** The organisation's subscription; undefined when the billing call fails (the caller then goes to /billing). */
export async function readSubscription(
  organisationId: number,
): Promise<CurrentUser['subscription'] | undefined> {
  try {
    return subscriptionOf(await api.billing({ orgId: organisationId }));
  } catch {
    return undefined;
  }
}

/** What the session keeps of the organisation's billing: its plan, what the plan includes and what would add the rest. */
export function subscriptionOf({
  subscription,
  plans,
}: BillingResponse): NonNullable<CurrentUser['subscription']> {
  const planName = subscription.plan?.product.name ?? null;
  const features = plans.find((plan) => plan.name === planName)?.features ?? [];
  // Plans come cheapest first: the first to include a part is the one to offer.
  const upgrades: Partial<Record<PlanFeature, string>> = {};
  for (const plan of plans) {
    for (const feature of plan.features) if (!features.includes(feature)) upgrades[feature] ??= plan.name;
  }
  return { status: subscription.status, planName, trialEndsAt: subscription.trialEndsAt, features, upgrades };
}
