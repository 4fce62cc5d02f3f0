import { endFlow, notify } from '../ui/toaster';
import type { AccountContext } from './account-context';
import { ACCOUNT_FLOW, MESSAGES, providerMessage, say } from './account-messages';
import { SIGN_IN_OPTIONS } from './amplify-config';
import { amplifyAuth } from './amplify-setup';
import { loadAccount } from './load-account';

/** Signs in and loads the account; also the last step of confirming and of resetting a password. */
export async function startSession(context: AccountContext, email: string, password: string): Promise<void> {
  const { signIn, signOut } = await amplifyAuth();
  // A stale session in this tab would make Amplify refuse the new sign-in.
  await signOut().catch(() => undefined);
  await signIn({ username: email, password, options: SIGN_IN_OPTIONS });
  await loadAccount(context, { redirect: true });
}

/** With an invitation token (/auth/login/:token), the invitation is accepted once signed in. */
export async function login(
  context: AccountContext,
  email: string,
  password: string,
  token?: string,
): Promise<boolean> {
  if (token) context.setInviteToken(token);
  try {
    await startSession(context, email, password);
    endFlow(ACCOUNT_FLOW.flow);
    return true;
  } catch (error) {
    notify.warning(say(MESSAGES.loginFailed), providerMessage(error), ACCOUNT_FLOW);
    return false;
  }
}
