import { issueCode } from '../codes';
import { requireString } from '../cognito-error';
import { endAllSessions } from '../end-sessions';
import { consumeGuardedCode } from '../guarded-code';
import { checkPasswordPolicy, hashPassword } from '../passwords';
import { checkClient, codeDeliveryDetails, requireUsername, type UserPool } from '../user-pool';
import { findUserByUsername } from './find-user';

/**
 * ForgotPassword: a reset code by e-mail. For an unknown address the answer
 * looks the same and nothing is sent, so the form does not reveal who has an account.
 */
export async function forgotPassword(pool: UserPool, body: Record<string, unknown>, clientAddress: string) {
  checkClient(pool, body);
  const username = requireUsername(body);
  await pool.limitGuesses(`forgot:${username}`, clientAddress);
  // Every code sent counts, so the form cannot be used to flood an inbox.
  await pool.recordFailedGuess(`forgot:${username}`, clientAddress);
  const user = await findUserByUsername(pool, username);
  // A recipient who has had their share of mail gets no more, and the answer stays the same, so the
  // limit tells nobody which addresses have accounts.
  const mayMail = await pool.limitCodeMail(username, clientAddress);
  if (user && mayMail) {
    const code = await issueCode(pool.db, user.id, 'reset_password');
    await pool.mailer.send({
      to: user.email,
      subject: 'Your Insights password reset code',
      text: `Your password reset code is ${code}.\n\nIt works for one hour. If you did not ask to reset your password, ignore this message.`,
    });
  }
  return { CodeDeliveryDetails: codeDeliveryDetails(user?.email ?? username) };
}

/** ConfirmForgotPassword: the code and a new password; every existing session ends. */
export async function confirmForgotPassword(
  pool: UserPool,
  body: Record<string, unknown>,
  clientAddress: string,
) {
  checkClient(pool, body);
  const username = requireUsername(body);
  const code = requireString(body, 'ConfirmationCode');
  const password = requireString(body, 'Password');
  const guessKey = `reset:${username}`;
  await pool.limitGuesses(guessKey, clientAddress);
  checkPasswordPolicy(password);
  const user = await findUserByUsername(pool, username);
  // The same answer as a wrong code: the reset form must not reveal who has an account.
  if (!user) {
    await consumeGuardedCode(
      pool,
      guessKey,
      clientAddress,
      '00000000-0000-0000-0000-000000000000',
      'reset_password',
      code,
    );
    return {};
  }
  await consumeGuardedCode(pool, guessKey, clientAddress, user.id, 'reset_password', code);
  const passwordHash = await hashPassword(password, pool.settings.passwordCost);
  await pool.db.transaction().execute(async (trx) => {
    // Proving the address by code also confirms an account that never finished signing up, as Cognito does.
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, status: 'CONFIRMED', updated_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    await endAllSessions(trx, user.id);
  });
  pool.sessionsEnded(user.id);
  return {};
}
