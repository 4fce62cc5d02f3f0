import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test-app';
import { cognitoIdentity } from './identity-mode';

/**
 * With a Cognito pool configured, the server runs no pool of its own: it
 * fetches the pool's JWKS over HTTP and verifies its tokens with the same
 * jose code, and makes a user's row on their first request. Here a local
 * HTTP server stands in for Cognito's JWKS address.
 */
describe('Cognito mode', () => {
  const issuer = 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_TestPool';
  let jwksServer: Server;
  let server: Awaited<ReturnType<typeof startTestApp>>;
  let sign: (claims: Record<string, unknown>) => Promise<string>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwks = JSON.stringify({
      keys: [{ ...(await exportJWK(publicKey)), kid: 'cognito-key', alg: 'RS256', use: 'sig' }],
    });
    jwksServer = createServer((_request, response) =>
      response.setHeader('content-type', 'application/json').end(jwks),
    );
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const { port } = jwksServer.address() as AddressInfo;
    const identity = cognitoIdentity({
      region: 'eu-central-1',
      userPoolId: 'eu-central-1_TestPool',
      clientId: 'cognito-client',
      jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    });
    server = await startTestApp('pglite', { identity });
    sign = (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'cognito-key' })
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
  });

  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => jwksServer.close(() => resolve()));
  });

  it('serves no user pool of its own and tells the browser to use Cognito', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/cognito' })).statusCode).toBe(404);
    expect((await server.app.inject({ url: '/api/appConfig' })).json().auth).toEqual({
      userPoolId: 'eu-central-1_TestPool',
      userPoolClientId: 'cognito-client',
    });
  });

  it("accepts the pool's ID token, making the user's row on the first request", async () => {
    const token = await sign({
      sub: '4f1c2e36-0b7a-4c1e-9a37-2d1e8c0f5a10',
      aud: 'cognito-client',
      token_use: 'id',
      email: 'Cloud@Example.com',
    });
    const created = await server.api('addOrganisation', token, { name: 'Cloud Co' });
    expect(created.status).toBe(200);
    const user = await server.db
      .selectFrom('users')
      .select(['email', 'organisation_id'])
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ email: 'cloud@example.com', organisation_id: created.body.organisation_id });
  });

  it('refuses tokens for another client or from another issuer', async () => {
    const otherClient = await sign({
      sub: '00000000-0000-4000-8000-00000000000a',
      aud: 'someone-else',
      token_use: 'id',
      email: 'a@b.c',
    });
    expect((await server.api('getUsers', otherClient, {})).status).toBe(401);
    const forged = await new SignJWT({ sub: 'x', aud: 'cognito-client', token_use: 'id', email: 'a@b.c' })
      .setProtectedHeader({ alg: 'RS256', kid: 'cognito-key' })
      .setIssuer(issuer)
      .setExpirationTime('1h')
      .sign((await generateKeyPair('RS256')).privateKey);
    expect((await server.api('getUsers', forged, {})).status).toBe(401);
  });
});
