import { type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';

/** Who is calling, as a verified token says. */
export interface VerifiedCaller {
  userId: string;
  email: string | undefined;
  /** The custom organisation id attribute: a number, or null before the user has an organisation. */
  organisationId: number | null;
  /** origin_jti: the session the token belongs to. */
  sessionId: string | undefined;
  tokenUse: 'id' | 'access';
  /** When the token stops being valid, in epoch milliseconds. */
  expiresAt: number;
}

export interface TokenCheck {
  issuer: string;
  clientId: string;
  /** The pool's keys: fetched from its JWKS URL for Cognito, read from the database for the embedded pool. */
  keys: JWTVerifyGetKey;
}

/**
 * Verifies a Cognito-style ID or access token with jose: signature against
 * the pool's keys, issuer, expiry (which must be there), and the audience (ID token) or client_id
 * (access token). The same code serves Cognito and the embedded pool.
 */
export async function verifyToken(token: string, check: TokenCheck): Promise<VerifiedCaller> {
  // A token without `exp` would be good for ever: Cognito always sets it, so one without is forged.
  const { payload } = await jwtVerify(token, check.keys, {
    issuer: check.issuer,
    algorithms: ['RS256'],
    requiredClaims: ['exp'],
  });
  const tokenUse = payload.token_use;
  if (tokenUse === 'id') {
    if (!audienceIncludes(payload, check.clientId)) throw new Error('token is for another client');
  } else if (tokenUse === 'access') {
    if (payload.client_id !== check.clientId) throw new Error('token is for another client');
  } else {
    throw new Error('not an ID or access token');
  }
  if (!payload.sub) throw new Error('token has no subject');
  const organisation = payload['custom:organisation_id'];
  return {
    userId: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : undefined,
    organisationId:
      typeof organisation === 'string' && /^\d+$/.test(organisation) ? Number(organisation) : null,
    sessionId: typeof payload.origin_jti === 'string' ? payload.origin_jti : undefined,
    tokenUse,
    expiresAt: (payload.exp ?? 0) * 1000,
  };
}

function audienceIncludes(payload: JWTPayload, clientId: string): boolean {
  return Array.isArray(payload.aud) ? payload.aud.includes(clientId) : payload.aud === clientId;
}
