import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Database } from '../db/database';
import { ACCESS_TOKEN_SECONDS, type PoolSettings, REFRESH_TOKEN_DAYS } from './pool-settings';
import type { SigningKey } from './signing-keys';

export interface TokenUser {
  id: string;
  email: string;
  name: string;
  organisation_id: number | null;
  attributes: Record<string, string>;
}

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session: a new refresh token (kept only as a hash) and the access and ID tokens that go with it. */
export async function startSession(
  db: Database,
  pool: PoolSettings,
  key: SigningKey,
  user: TokenUser,
): Promise<AuthenticationResult> {
  const sessionId = randomUUID();
  const refreshToken = randomBytes(48).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: user.id,
      client_id: pool.clientId,
      refresh_token_hash: hashRefreshToken(refreshToken),
      expires_at: new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000),
    })
    .execute();
  return {
    ...(await signTokens(pool, key, user, sessionId, Math.floor(Date.now() / 1000))),
    RefreshToken: refreshToken,
  };
}

/**
 * Access and ID tokens with the claims Cognito puts in them (see
 * shared/notes/cognito-wire.md §4). origin_jti ties both to their session,
 * so signing out ends them too.
 */
export async function signTokens(
  pool: PoolSettings,
  key: SigningKey,
  user: TokenUser,
  sessionId: string,
  authTime: number,
): Promise<AuthenticationResult> {
  const now = Math.floor(Date.now() / 1000);
  const common = { auth_time: authTime, origin_jti: sessionId, event_id: randomUUID() };
  const sign = (claims: Record<string, unknown>, audience?: string) => {
    const jwt = new SignJWT({ ...common, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setSubject(user.id)
      .setIssuer(pool.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
      .setJti(randomUUID());
    return (audience ? jwt.setAudience(audience) : jwt).sign(key.privateKey);
  };
  const accessToken = await sign({
    token_use: 'access',
    client_id: pool.clientId,
    username: user.email,
    scope: 'aws.cognito.signin.user.admin',
  });
  const idToken = await sign(
    {
      token_use: 'id',
      'cognito:username': user.email,
      email: user.email,
      email_verified: true,
      name: user.name,
      ...(user.organisation_id === null ? {} : { 'custom:organisation_id': String(user.organisation_id) }),
      ...customAttributes(user.attributes),
    },
    pool.clientId,
  );
  return { AccessToken: accessToken, IdToken: idToken, ExpiresIn: ACCESS_TOKEN_SECONDS, TokenType: 'Bearer' };
}

function customAttributes(attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).filter(([name]) => name.startsWith('custom:')));
}
