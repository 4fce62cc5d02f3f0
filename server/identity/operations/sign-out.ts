import { requireString } from '../cognito-error';
import { endAllSessions } from '../end-sessions';
import { hashRefreshToken } from '../tokens';
import { checkClient, type UserPool } from '../user-pool';
import { userFromAccessToken } from './access-token';

/** GlobalSignOut: every session of the user ends; their refresh tokens stop working and their access tokens with them. */
export async function globalSignOut(pool: UserPool, body: Record<string, unknown>) {
  const { user } = await userFromAccessToken(pool, body);
  await endAllSessions(pool.db, user.id);
  pool.sessionsEnded(user.id);
  return {};
}

/** RevokeToken: the session of one refresh token ends. An unknown token is not an error, as in Cognito. */
export async function revokeToken(pool: UserPool, body: Record<string, unknown>) {
  checkClient(pool, body);
  const token = requireString(body, 'Token');
  const ended = await pool.db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('refresh_token_hash', '=', hashRefreshToken(token))
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  if (ended) pool.sessionsEnded(ended.user_id);
  return {};
}
