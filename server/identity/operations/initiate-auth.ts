import { CognitoError, invalidParameter, notAuthorized, requireString } from '../cognito-error';
import { UNKNOWN_USER_HASH, verifyPassword } from '../passwords';
import { startSession } from '../tokens';
import { checkClient, requireUsername, type UserPool } from '../user-pool';
import { findUserByUsername } from './find-user';
import { refreshTokens } from './refresh-tokens';

/** InitiateAuth with USER_PASSWORD_AUTH (Amplify's sign-in here) or REFRESH_TOKEN_AUTH (older clients' refresh). */
export async function initiateAuth(pool: UserPool, body: Record<string, unknown>, clientAddress: string) {
  checkClient(pool, body);
  const flow = requireString(body, 'AuthFlow');
  const parameters = (body.AuthParameters ?? {}) as Record<string, unknown>;
  if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
    return refreshTokens(pool, requireString(parameters, 'REFRESH_TOKEN'));
  }
  if (flow !== 'USER_PASSWORD_AUTH') {
    throw invalidParameter(`Auth flow ${flow} is not enabled for this client; use USER_PASSWORD_AUTH.`);
  }
  await pool.limitSignIn(clientAddress);
  const username = requireUsername(parameters, 'USERNAME');
  const password = requireString(parameters, 'PASSWORD');
  await pool.limitGuesses(`sign-in:${username}`, clientAddress);

  const user = await findUserByUsername(pool, username);
  // Verify against a dummy hash for unknown users, so the answer takes as long either way.
  const passwordMatches = await verifyPassword(password, user?.password_hash ?? UNKNOWN_USER_HASH);
  if (!user || !passwordMatches) {
    await pool.recordFailedGuess(`sign-in:${username}`, clientAddress);
    throw notAuthorized();
  }
  if (user.status !== 'CONFIRMED')
    throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
  const result = await startSession(pool.db, pool.settings, await pool.signingKey(), user);
  return { ChallengeParameters: {}, AuthenticationResult: result };
}
