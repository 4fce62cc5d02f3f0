import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { localBillingProvider } from './billing/local-provider';
import { EMBEDDED_POOL } from './config';
import type { DatabaseHandle } from './db/database';
import { openTestDatabase } from './db/test-database';
import { cognitoClient, latestCode } from './identity/cognito-client.test-helper';
import { createMailer } from './mail/mailer';

const PASSWORD = 'Test-password-1';

/** The whole server on a fresh test database, driven in-process, with a way to make signed-in users. */
export async function startTestApp(engine: 'pglite' | 'postgres') {
  const handle: DatabaseHandle = await openTestDatabase(engine);
  const mailer = createMailer({ db: handle.db, smtpUrl: undefined, from: 'test@insights', log: () => {} });
  const pool = { ...EMBEDDED_POOL, issuer: 'urn:insights:test-pool' };
  const app: FastifyInstance = await buildApp({ db: handle.db, mailer, pool, billing: localBillingProvider });
  const cognito = cognitoClient(app);

  /** Signs up, confirms and signs in through the user pool, as the browser would; returns the ID token. */
  async function signedInUser(email: string): Promise<string> {
    await cognito('SignUp', { ClientId: pool.clientId, Username: email, Password: PASSWORD });
    await cognito('ConfirmSignUp', {
      ClientId: pool.clientId,
      Username: email,
      ConfirmationCode: await latestCode(handle.db, email),
    });
    const signIn = await cognito('InitiateAuth', {
      ClientId: pool.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    });
    return signIn.body.AuthenticationResult.IdToken;
  }

  /** POST /api/<path> with the token, as the product's API client does. */
  async function api(path: string, token: string | undefined, body?: unknown) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  }

  return {
    app,
    db: handle.db,
    cognito,
    signedInUser,
    api,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}
