import { createLocalJWKSet, errors, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TokenCheck, verifyToken } from './verify-token';

const ISSUER = 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_pool';
const CLIENT = 'client-1';

let sign: (
  claims: Record<string, unknown>,
  options?: { expiresIn?: number | null; key?: 'trusted' | 'stranger'; kid?: string },
) => Promise<string>;
let check: TokenCheck;

beforeAll(async () => {
  const trusted = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  check = {
    issuer: ISSUER,
    clientId: CLIENT,
    keys: createLocalJWKSet({ keys: [{ ...(await exportJWK(trusted.publicKey)), kid: 'k1', alg: 'RS256' }] }),
  };
  sign = (claims, { expiresIn = 3600, key = 'trusted', kid = 'k1' } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const token = new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).setIssuedAt(now);
    if (expiresIn !== null) token.setExpirationTime(now + expiresIn);
    return token.sign(key === 'trusted' ? trusted.privateKey : stranger.privateKey);
  };
});

const idClaims = {
  sub: 'user-1',
  iss: ISSUER,
  aud: CLIENT,
  token_use: 'id',
  email: 'a@example.com',
  'custom:organisation_id': '42',
};

describe('verifyToken', () => {
  it('accepts a good ID token and reads the organisation id as a number', async () => {
    expect(await verifyToken(await sign(idClaims), check)).toEqual({
      userId: 'user-1',
      email: 'a@example.com',
      organisationId: 42,
      sessionId: undefined,
      tokenUse: 'id',
      expiresAt: expect.any(Number),
    });
  });

  // Each refusal for its own reason: a token refused for the wrong one (say, every token failing on a
  // misconfigured key set) would pass a bare toThrow().
  it.each([
    [
      'a signature by another key',
      () => sign(idClaims, { key: 'stranger' }),
      errors.JWSSignatureVerificationFailed,
      /^signature verification failed$/,
    ],
    [
      'another issuer',
      () => sign({ ...idClaims, iss: 'https://evil.example' }),
      errors.JWTClaimValidationFailed,
      /^unexpected "iss" claim value$/,
    ],
    [
      'another audience',
      () => sign({ ...idClaims, aud: 'other-client' }),
      Error,
      /^token is for another client$/,
    ],
    [
      'an access token for another client',
      () => sign({ ...idClaims, aud: undefined, token_use: 'access', client_id: 'other' }),
      Error,
      /^token is for another client$/,
    ],
    [
      'an expired token',
      () => sign(idClaims, { expiresIn: -120 }),
      errors.JWTExpired,
      /^"exp" claim timestamp check failed$/,
    ],
    [
      'a token of another use',
      () => sign({ ...idClaims, token_use: 'refresh' }),
      Error,
      /^not an ID or access token$/,
    ],
    ['no subject', () => sign({ ...idClaims, sub: undefined }), Error, /^token has no subject$/],
    [
      'a token that never expires',
      () => sign(idClaims, { expiresIn: null }),
      errors.JWTClaimValidationFailed,
      /^missing required "exp" claim$/,
    ],
    [
      'a key id the pool does not have',
      () => sign(idClaims, { kid: 'k2' }),
      errors.JWKSNoMatchingKey,
      /^no applicable key found in the JSON Web Key Set$/,
    ],
  ])('refuses %s, saying why', async (_what, makeToken, kind, reason) => {
    const refusal = verifyToken(await makeToken(), check);
    await expect(refusal).rejects.toBeInstanceOf(kind);
    await expect(refusal).rejects.toThrow(reason);
  });

  it('refuses an unsigned token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ ...idClaims, exp: Math.floor(Date.now() / 1000) + 60 }),
    ).toString('base64url');
    const refusal = verifyToken(`${header}.${payload}.`, check);
    await expect(refusal).rejects.toBeInstanceOf(errors.JOSEAlgNotAllowed);
    await expect(refusal).rejects.toThrow(/"alg" \(Algorithm\) Header Parameter value not allowed/);
  });
});
