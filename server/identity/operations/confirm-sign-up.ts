import { CognitoError, limitExceeded, requireString } from '../cognito-error';
import { consumeGuardedCode } from '../guarded-code';
import { checkClient, codeDeliveryDetails, requireUsername, type UserPool } from '../user-pool';
import { findUserByUsername } from './find-user';
import { sendConfirmationCode } from './sign-up';

const notFound = () => new CognitoError('UserNotFoundException', 'Username/client id combination not found.');

/** ConfirmSignUp: the e-mailed code proves the address; the user can sign in from now on. */
export async function confirmSignUp(pool: UserPool, body: Record<string, unknown>, clientAddress: string) {
  checkClient(pool, body);
  const username = requireUsername(body);
  const code = requireString(body, 'ConfirmationCode');
  const guessKey = `confirm:${username}`;
  await pool.limitGuesses(guessKey, clientAddress);
  const user = await findUserByUsername(pool, username);
  if (!user) throw notFound();
  if (user.status === 'CONFIRMED') {
    throw new CognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
  }
  await consumeGuardedCode(pool, guessKey, clientAddress, user.id, 'confirm_sign_up', code);
  await pool.db
    .updateTable('users')
    .set({ status: 'CONFIRMED', updated_at: new Date() })
    .where('id', '=', user.id)
    .execute();
  return {};
}

/** ResendConfirmationCode: a new code replaces the old one. */
export async function resendConfirmationCode(
  pool: UserPool,
  body: Record<string, unknown>,
  clientAddress: string,
) {
  checkClient(pool, body);
  const username = requireUsername(body);
  await pool.limitGuesses(`resend:${username}`, clientAddress);
  // Every code sent counts, so the form cannot be used to flood an inbox.
  await pool.recordFailedGuess(`resend:${username}`, clientAddress);
  const user = await findUserByUsername(pool, username);
  if (!user) throw notFound();
  if (user.status === 'CONFIRMED')
    throw new CognitoError('InvalidParameterException', 'User is already confirmed.');
  if (!(await pool.limitCodeMail(user.email, clientAddress))) throw limitExceeded();
  await sendConfirmationCode(pool, user.id, user.email);
  return { CodeDeliveryDetails: codeDeliveryDetails(user.email) };
}
