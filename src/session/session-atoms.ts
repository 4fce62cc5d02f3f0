import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { BillingResponse, PlanFeature, Role } from '../generated/api-types';

/** The signed-in user as the spec describes it (§3). */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  /** The member's role, as the server judges it (`membership`); viewer until known or without an organisation. */
  role: Role;
  /** The membership call failed: `role` is viewer's, the least, until the account loads again. */
  roleUnknown?: true;
  organisationId: number | null;
  subscription: {
    status: BillingResponse['subscription']['status'];
    planName: string | null;
    /** While trialing, when the trial ends (ISO 8601). */
    trialEndsAt: string | null;
    /** The parts of the product the plan includes beyond every plan's (plan-feature.schema.json). */
    features: PlanFeature[];
    /** For each part it lacks, the cheapest plan that includes it, by name. */
    upgrades: Partial<Record<PlanFeature, string>>;
  } | null;
}

/**
 * Unauthorised, loading or authorised (spec §4). Unauthorised because the
 * sign-in service could not be configured is `unavailable`: nobody can sign in.
 */
export type Session =
  | { status: 'loading' }
  | { status: 'unauthorised'; unavailable?: true }
  | { status: 'authorised'; user: CurrentUser };

export const sessionAtom = atom<Session>({ status: 'loading' });

/**
 * Name and password kept between registering and confirming, so the
 * confirmed user is signed in without typing them again. In memory only:
 * a reload forgets them, and the user signs in instead.
 */
export const pendingSignUpAtom = atom<{ email: string; password: string } | null>(null);

/** The invitation being accepted, kept for the tab's life across register → confirm → sign-in. */
export const inviteTokenAtom = atomWithStorage<string | null>(
  'app.invite-token',
  null,
  createJSONStorage(() => sessionStorage),
  { getOnInit: true },
);
