import type { AddressInfo } from 'node:net';
import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  NotAuthorizedException,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EMBEDDED_POOL } from '../config';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { latestCode } from './cognito-client.test-helper';

const ClientId = EMBEDDED_POOL.clientId;
const EMAIL = 'sdk@example.com';

// The embedded pool through the official AWS SDK v3 client, pointed at it with `endpoint`: whatever the SDK
// sends (its path, headers and body) the pool must take as Cognito would.
describeEachEngine('the embedded user pool through the AWS SDK on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  let cognito: CognitoIdentityProviderClient;

  beforeAll(async () => {
    server = await startTestApp(engine);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as AddressInfo;
    cognito = new CognitoIdentityProviderClient({
      endpoint: `http://127.0.0.1:${port}/cognito`,
      region: 'eu-central-1',
      // The user-pool operations here need none; the SDK asks for some before it sends anything.
      credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
      maxAttempts: 1,
    });
  });

  afterAll(async () => {
    cognito?.destroy();
    await server?.close();
  });

  const signIn = (password: string) =>
    cognito.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: EMAIL, PASSWORD: password },
      }),
    );

  it('signs up, confirms, signs in, refreshes, reads the user, resets the password and signs out globally', async () => {
    const signUp = await cognito.send(
      new SignUpCommand({ ClientId, Username: EMAIL, Password: 'First-password-1' }),
    );
    expect(signUp.UserConfirmed).toBe(false);
    await cognito.send(
      new ConfirmSignUpCommand({
        ClientId,
        Username: EMAIL,
        ConfirmationCode: await latestCode(server.db, EMAIL),
      }),
    );

    const tokens = (await signIn('First-password-1')).AuthenticationResult;
    expect(tokens?.AccessToken).toEqual(expect.any(String));
    const refreshed = await cognito.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens?.RefreshToken as string },
      }),
    );
    expect(refreshed.AuthenticationResult?.IdToken).toEqual(expect.any(String));

    const user = await cognito.send(new GetUserCommand({ AccessToken: tokens?.AccessToken }));
    expect(user.UserAttributes).toContainEqual({ Name: 'email', Value: EMAIL });

    await cognito.send(new ForgotPasswordCommand({ ClientId, Username: EMAIL }));
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId,
        Username: EMAIL,
        ConfirmationCode: await latestCode(server.db, EMAIL),
        Password: 'Second-password-2',
      }),
    );
    await expect(signIn('First-password-1')).rejects.toBeInstanceOf(NotAuthorizedException);

    const fresh = (await signIn('Second-password-2')).AuthenticationResult;
    await cognito.send(new GlobalSignOutCommand({ AccessToken: fresh?.AccessToken }));
    const afterSignOut = cognito.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: fresh?.RefreshToken as string },
      }),
    );
    await expect(afterSignOut).rejects.toBeInstanceOf(NotAuthorizedException);
    await expect(afterSignOut).rejects.toThrow('Refresh Token has been revoked');
  });
});
