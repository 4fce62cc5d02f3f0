import type { Database } from '../db/database';
import { unauthorised } from '../http/api-error';
import type { Authenticator, Caller } from '../http/authenticate';
import type { CallerCache } from '../http/caller-cache';
import type { IdentityMode } from './identity-mode';
import { createVerifiedTokenCache } from './verified-token-cache';
import { type VerifiedCaller, verifyToken } from './verify-token';

/** Stands in for a password where the user pool, not this server, checks passwords: matches no scrypt hash. */
const NO_LOCAL_PASSWORD = '!cognito';

/**
 * Reads the token from the Authorization header ("Bearer <jwt>" or the bare
 * jwt, as the spec's app sends it), verifies it, and for the embedded pool
 * also that its session was not signed out. The organisation comes from the
 * database, not the token, so joining or leaving one takes effect at once.
 */
export function createAuthenticator(
  db: Database,
  identity: IdentityMode,
  callers: CallerCache,
): Authenticator {
  const verifiedTokens = createVerifiedTokenCache();

  async function verify(token: string): Promise<VerifiedCaller> {
    const known = verifiedTokens.get(token);
    if (known) return known;
    const verified = await verifyToken(token, await identity.tokenCheck()).catch(() => {
      throw unauthorised();
    });
    verifiedTokens.set(token, verified, verified.expiresAt);
    return verified;
  }

  /** One query: the user, and (embedded pool) whether the token's session is still open. */
  async function lookUp(verified: VerifiedCaller): Promise<Caller | undefined> {
    if (identity.checkSessions) {
      if (!verified.sessionId) return undefined;
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['users.id', 'users.email', 'users.name', 'users.organisation_id', 'users.role'])
        .where('sessions.id', '=', verified.sessionId)
        .where('sessions.user_id', '=', verified.userId)
        .where('sessions.revoked_at', 'is', null)
        .executeTakeFirst();
      return row && toCaller(row);
    }
    const row = await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'organisation_id', 'role'])
      .where('id', '=', verified.userId)
      .executeTakeFirst();
    if (row) return toCaller(row);
    return identity.provisionUsers ? provision(verified) : undefined;
  }

  async function provision(verified: VerifiedCaller): Promise<Caller | undefined> {
    if (!verified.email) return undefined;
    const row = await db
      .insertInto('users')
      .values({
        id: verified.userId,
        email: verified.email.toLowerCase(),
        password_hash: NO_LOCAL_PASSWORD,
        status: 'CONFIRMED',
        updated_at: new Date(),
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning(['id', 'email', 'name', 'organisation_id', 'role'])
      .executeTakeFirst();
    return row && toCaller(row);
  }

  return async (request) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorised();
    const verified = await verify(header.replace(/^Bearer\s+/i, '').trim());
    const sessionKey = verified.sessionId ?? verified.userId;
    const cached = callers.get(sessionKey);
    if (cached) return cached;
    const caller = await lookUp(verified);
    if (!caller) throw unauthorised();
    callers.set(sessionKey, caller);
    return caller;
  };
}

function toCaller(row: {
  id: string;
  email: string;
  name: string;
  organisation_id: number | null;
  role: Caller['role'];
}): Caller {
  return {
    userId: row.id,
    email: row.email,
    name: row.name,
    organisationId: row.organisation_id,
    role: row.role,
  };
}
