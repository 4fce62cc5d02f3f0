import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { IdentityMode } from '../identity/identity-mode';
import { verifyToken } from '../identity/verify-token';
import { unauthorised } from './api-error';

/** The signed-in user behind a request, with their organisation as the database has it now. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  organisationId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

export type Authenticator = (request: FastifyRequest) => Promise<Caller>;

/** Stands in for a password where the user pool, not this server, checks passwords: matches no scrypt hash. */
const NO_LOCAL_PASSWORD = '!cognito';

/**
 * Reads the token from the Authorization header ("Bearer <jwt>" or the bare
 * jwt, as the spec's app sends it), verifies it, and for the embedded pool
 * also that its session was not signed out. The organisation comes from the
 * database, not the token, so joining or leaving one takes effect at once.
 */
export function createAuthenticator(db: Database, identity: IdentityMode): Authenticator {
  return async (request) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorised();
    const token = header.replace(/^Bearer\s+/i, '').trim();
    const verified = await verifyToken(token, await identity.tokenCheck()).catch(() => {
      throw unauthorised();
    });
    if (identity.checkSessions) {
      const session = verified.sessionId
        ? await db
            .selectFrom('sessions')
            .select('revoked_at')
            .where('id', '=', verified.sessionId)
            .executeTakeFirst()
        : undefined;
      if (!session || session.revoked_at) throw unauthorised();
    }
    let user = await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'organisation_id'])
      .where('id', '=', verified.userId)
      .executeTakeFirst();
    if (!user && identity.provisionUsers && verified.email) {
      user = await db
        .insertInto('users')
        .values({
          id: verified.userId,
          email: verified.email.toLowerCase(),
          password_hash: NO_LOCAL_PASSWORD,
          status: 'CONFIRMED',
          updated_at: new Date(),
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning(['id', 'email', 'name', 'organisation_id'])
        .executeTakeFirst();
    }
    if (!user) throw unauthorised();
    return { userId: user.id, email: user.email, name: user.name, organisationId: user.organisation_id };
  };
}
