import { hasStoredSession } from '../api/stored-session';
import { api } from '../generated/api-client';
import { notify } from '../ui/toaster';
import type { AccountContext } from './account-context';
import { MESSAGES, providerMessage, say } from './account-messages';
import { amplifyAuth, readPoolConfig } from './amplify-setup';
import { readAccount, readRole, readSubscription } from './read-account';
import type { CurrentUser } from './session-atoms';

export interface LoadAccountOptions {
  /** Go to the start page once the account is ready (after signing in, not when restoring a session). */
  redirect: boolean;
  /** Refresh the tokens first, so a just-joined organisation shows. */
  refresh?: boolean;
}

/** Load account (§4): invitation, then organisation, then subscription, each deciding where to go. */
export async function loadAccount(
  context: AccountContext,
  { redirect, refresh = false }: LoadAccountOptions,
): Promise<void> {
  const { navigate, setSession, inviteToken } = context;
  const user = await readAccount({ refresh });
  if (!user) {
    setSession({ status: 'unauthorised' });
    return;
  }
  if (inviteToken && (await joinInvitingOrganisation(context, inviteToken, user))) return;
  if (user.organisationId === null) {
    setSession({ status: 'authorised', user });
    navigate('/organisation');
    return;
  }
  const [subscription, role] = await Promise.all([readSubscription(user.organisationId), readRole()]);
  setSession({ status: 'authorised', user: { ...user, ...role, subscription: subscription ?? null } });
  // A trial is a plan in use: only a subscription that needs choosing or paying sends to /billing.
  if (subscription?.status !== 'active' && subscription?.status !== 'trialing') navigate('/billing');
  else if (redirect) navigate('/');
}

/**
 * Accepts the invitation this tab carries and opens the organisation's users; false when it fails,
 * and the account loads as it is. The token is spent either way.
 */
async function joinInvitingOrganisation(
  { navigate, setSession, setInviteToken }: AccountContext,
  inviteToken: string,
  user: CurrentUser,
): Promise<boolean> {
  try {
    const joined = await api.acceptUserInvite({ inviteToken, userId: user.id, username: user.email });
    setInviteToken(null);
    const member = (await readAccount({ refresh: true })) ?? user;
    setSession({ status: 'authorised', user: { ...member, ...(await readRole()) } });
    notify.success(say(MESSAGES.joined));
    navigate(`/users/${joined.organisation_id}`);
    return true;
  } catch (error) {
    setInviteToken(null);
    notify.warning(providerMessage(error));
    return false;
  }
}

/**
 * On start: read the pool's configuration, then restore a session if the
 * browser has one. Without the app's configuration nobody can sign in: the
 * session is unavailable, which sends signed-in pages to the error page, not
 * to a login page that cannot work. Without a stored session there is nothing
 * to restore, and aws-amplify is not fetched until someone signs in.
 */
export async function restoreSession(context: AccountContext): Promise<void> {
  try {
    await readPoolConfig();
  } catch (error) {
    console.error('The app configuration could not be loaded', error);
    context.setSession({ status: 'unauthorised', unavailable: true });
    return;
  }
  if (!hasStoredSession()) {
    context.setSession({ status: 'unauthorised' });
    return;
  }
  try {
    const { getCurrentUser } = await amplifyAuth();
    await getCurrentUser();
  } catch {
    context.setSession({ status: 'unauthorised' });
    return;
  }
  await loadAccount(context, { redirect: false });
}
