import { createLocalJWKSet } from 'jose';
import { notAuthorized, requireString } from '../cognito-error';
import { publicKeySet } from '../signing-keys';
import type { UserPool } from '../user-pool';
import { verifyToken } from '../verify-token';
import { findUserById } from './find-user';

/**
 * The user an operation's AccessToken belongs to. The token must verify, be
 * an access token, and its session must not have been signed out.
 */
export async function userFromAccessToken(pool: UserPool, body: Record<string, unknown>) {
  const token = requireString(body, 'AccessToken');
  const caller = await verifyToken(token, {
    issuer: pool.settings.issuer,
    clientId: pool.settings.clientId,
    keys: createLocalJWKSet(await publicKeySet(pool.db)),
  }).catch(() => {
    throw notAuthorized('Invalid Access Token');
  });
  if (caller.tokenUse !== 'access') throw notAuthorized('Invalid Access Token');
  const session = caller.sessionId
    ? await pool.db
        .selectFrom('sessions')
        .select('revoked_at')
        .where('id', '=', caller.sessionId)
        .executeTakeFirst()
    : undefined;
  if (!session || session.revoked_at) throw notAuthorized('Access Token has been revoked');
  const user = await findUserById(pool, caller.userId);
  if (!user) throw notAuthorized('Invalid Access Token');
  return { user, sessionId: caller.sessionId as string };
}
