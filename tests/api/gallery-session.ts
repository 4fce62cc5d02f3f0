import { createStore } from 'jotai';
import { responseExamples } from '../../src/generated/api-examples';
import type { BillingResponse } from '../../src/generated/api-types';
import { subscriptionOf } from '../../src/session/read-account';
import { type CurrentUser, sessionAtom } from '../../src/session/session-atoms';

/**
 * The gallery shows widgets as a signed-in member of the examples'
 * organisation (organisation 1, with an active subscription), the way the
 * dashboard shows them: widgets that need a member show their content, not a sign-in wall.
 */
export function gallerySessionStore() {
  const profile = responseExamples.getProfile[0][0];
  const user: CurrentUser = {
    id: '8f14e45f-ceea-4671-a8b2-3c5d7e9f0a12',
    name: profile?.display_name ?? 'Demo User',
    email: profile?.user_name ?? 'demo@insights.local',
    avatar: null,
    role: 'admin',
    organisationId: 1,
    subscription: subscriptionOf(responseExamples.billing[0] as BillingResponse),
  };
  const store = createStore();
  store.set(sessionAtom, { status: 'authorised', user });
  return store;
}
