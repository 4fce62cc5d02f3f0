import { defineHandler } from '../../http/define-handler';
import { sendConfirmationCode } from '../../identity/operations/sign-up';
import { userByEmail } from '../queries';

/** A new sign-up confirmation code; answers the same whether or not the address has an account. */
export default defineHandler('resendVerifiedEmailCode', async ({ context, input, request }) => {
  const { db, userPool } = context;
  const email = input.email.trim().toLowerCase();
  await userPool?.limitGuesses(`resend:${email}`, request.ip);
  await userPool?.recordFailedGuess(`resend:${email}`, request.ip);
  const user = await userByEmail(db, email);
  if (userPool && user?.status === 'UNCONFIRMED') await sendConfirmationCode(userPool, user.id, user.email);
  return { ok: true as const };
});
