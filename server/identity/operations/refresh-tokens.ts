import { notAuthorized, requireString } from '../cognito-error';
import { hashRefreshToken, signTokens } from '../tokens';
import { checkClient, type UserPool } from '../user-pool';
import { findUserById } from './find-user';

/** GetTokensFromRefreshToken: new access and ID tokens for a live session. The refresh token itself stays. */
export async function getTokensFromRefreshToken(pool: UserPool, body: Record<string, unknown>) {
  checkClient(pool, body);
  return refreshTokens(pool, requireString(body, 'RefreshToken'));
}

export async function refreshTokens(pool: UserPool, refreshToken: string) {
  const session = await pool.db
    .selectFrom('sessions')
    .selectAll()
    .where('refresh_token_hash', '=', hashRefreshToken(refreshToken))
    .executeTakeFirst();
  if (!session || session.expires_at.getTime() < Date.now()) throw notAuthorized('Invalid Refresh Token');
  if (session.revoked_at) throw notAuthorized('Refresh Token has been revoked');
  const user = await findUserById(pool, session.user_id);
  if (!user) throw notAuthorized('Invalid Refresh Token');
  const authTime = Math.floor(session.created_at.getTime() / 1000);
  const result = await signTokens(pool.settings, await pool.signingKey(), user, session.id, authTime);
  return { ChallengeParameters: {}, AuthenticationResult: result };
}
