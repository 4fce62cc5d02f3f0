import { notify } from '../ui/toaster';
import type { AccountContext } from './account-context';
import { ACCOUNT_FLOW, MESSAGES, providerMessage, say } from './account-messages';
import { amplifyAuth } from './amplify-setup';

/** Signs up and goes on to the confirm page, keeping the password so confirming signs the user in. */
export async function register(
  { navigate, setPending, setInviteToken }: AccountContext,
  name: string,
  email: string,
  password: string,
  token: string | undefined,
): Promise<boolean> {
  try {
    const { signUp } = await amplifyAuth();
    await signUp({ username: email, password, options: { userAttributes: { email, name } } });
    setPending({ email, password });
    if (token) setInviteToken(token);
    notify.success(say(MESSAGES.checkEmail), undefined, ACCOUNT_FLOW);
    navigate(token ? `/auth/confirm/${token}` : '/auth/confirm', { state: { email } });
    return true;
  } catch (error) {
    notify.warning(say(MESSAGES.registerFailed), providerMessage(error), ACCOUNT_FLOW);
    return false;
  }
}
