import { notify } from '../ui/toaster';
import type { AccountContext } from './account-context';
import { ACCOUNT_FLOW, MESSAGES, providerMessage, say } from './account-messages';
import { amplifyAuth } from './amplify-setup';
import { startSession } from './sign-in';

/** Asks the pool to e-mail a reset code, then goes to the page where it is entered. */
export async function forgotPassword({ navigate }: AccountContext, email: string): Promise<boolean> {
  try {
    const { resetPassword } = await amplifyAuth();
    await resetPassword({ username: email });
    notify.success(say(MESSAGES.resetCodeSent), undefined, ACCOUNT_FLOW);
    navigate('/auth/forgot-passwordSubmit', { state: { email } });
    return true;
  } catch (error) {
    notify.warning(providerMessage(error), undefined, ACCOUNT_FLOW);
    return false;
  }
}

/** Sets the new password with the e-mailed code and signs in with it. */
export async function submitNewPassword(
  context: AccountContext,
  email: string,
  code: string,
  password: string,
): Promise<boolean> {
  try {
    const { confirmResetPassword } = await amplifyAuth();
    await confirmResetPassword({ username: email, confirmationCode: code, newPassword: password });
    await startSession(context, email, password);
    notify.success(say(MESSAGES.passwordSaved), undefined, ACCOUNT_FLOW);
    return true;
  } catch (error) {
    notify.warning(providerMessage(error), undefined, ACCOUNT_FLOW);
    return false;
  }
}
