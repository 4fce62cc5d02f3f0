import { notify } from '../ui/toaster';
import type { AccountContext } from './account-context';
import { ACCOUNT_FLOW, MESSAGES, providerMessage, say } from './account-messages';
import { amplifyAuth } from './amplify-setup';
import { startSession } from './sign-in';

/** Verifies the e-mailed code; signs in at once when this tab registered the account, else asks to sign in. */
export async function confirmAccount(context: AccountContext, email: string, code: string): Promise<boolean> {
  const { navigate, pending, setPending } = context;
  try {
    const { confirmSignUp } = await amplifyAuth();
    await confirmSignUp({ username: email, confirmationCode: code });
    notify.success(say(MESSAGES.verified), undefined, ACCOUNT_FLOW);
    if (pending && pending.email === email) {
      setPending(null);
      await startSession(context, pending.email, pending.password);
    } else {
      navigate('/auth/login');
    }
    return true;
  } catch (error) {
    notify.warning(say(MESSAGES.confirmFailed), providerMessage(error), ACCOUNT_FLOW);
    return false;
  }
}
