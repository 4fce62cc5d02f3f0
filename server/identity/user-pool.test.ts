import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { describeEachEngine } from '../db/test-database';
import { startTestApp, TEST_POOL } from '../test-app';
import { cognitoClient, latestCode } from './cognito-client.test-helper';
import { verifyToken } from './verify-token';

const pool = TEST_POOL;

const PASSWORD = 'Correct-horse-9';

describeEachEngine('embedded user pool on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  let handle: { db: DatabaseHandle['db'] };
  let app: FastifyInstance;
  let call: ReturnType<typeof cognitoClient>;
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startTestApp(engine, { log: (line) => logged.push(line) });
    handle = { db: server.db };
    app = server.app;
    call = cognitoClient(app);
  });

  afterAll(async () => server?.close());

  const client = { ClientId: pool.clientId };

  async function signUpAndConfirm(email: string, password = PASSWORD) {
    const signUp = await call('SignUp', {
      ...client,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Ada' },
      ],
    });
    expect(signUp.status).toBe(200);
    const confirm = await call('ConfirmSignUp', {
      ...client,
      Username: email,
      ConfirmationCode: await latestCode(handle.db, email),
    });
    expect(confirm).toMatchObject({ status: 200, body: {} });
    return signUp.body.UserSub as string;
  }

  async function signIn(email: string, password = PASSWORD) {
    return call('InitiateAuth', {
      ...client,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
  }

  it('signs up, confirms by the e-mailed code, signs in and issues verifiable tokens', async () => {
    const signUp = await call('SignUp', {
      ...client,
      Username: 'Ada@Example.com',
      Password: PASSWORD,
      UserAttributes: [{ Name: 'name', Value: 'Ada' }],
    });
    expect(signUp.body).toMatchObject({
      UserConfirmed: false,
      CodeDeliveryDetails: {
        Destination: 'a***@example.com',
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      },
    });
    expect(logged.at(-1)).toContain('mail to ada@example.com: Your Insights verification code');

    const early = await signIn('ada@example.com');
    expect(early).toMatchObject({ status: 400, errorType: 'UserNotConfirmedException' });

    const code = await latestCode(handle.db, 'ada@example.com');
    expect(
      await call('ConfirmSignUp', { ...client, Username: 'ada@example.com', ConfirmationCode: code }),
    ).toMatchObject({ status: 200 });

    const signedIn = await signIn('ADA@example.com');
    expect(signedIn.status).toBe(200);
    const { AccessToken, IdToken, RefreshToken } = signedIn.body.AuthenticationResult;
    expect(RefreshToken).toEqual(expect.any(String));

    const jwks = (await app.inject({ url: '/cognito/.well-known/jwks.json' })).json();
    const check = { issuer: pool.issuer, clientId: pool.clientId, keys: createLocalJWKSet(jwks) };
    expect(await verifyToken(IdToken, check)).toMatchObject({
      userId: signUp.body.UserSub,
      email: 'ada@example.com',
      tokenUse: 'id',
      organisationId: null,
    });
    expect(await verifyToken(AccessToken, check)).toMatchObject({
      userId: signUp.body.UserSub,
      tokenUse: 'access',
    });
    const claims = decodeJwt(AccessToken);
    expect(claims).toMatchObject({
      token_use: 'access',
      client_id: pool.clientId,
      username: 'ada@example.com',
    });
    expect(claims.iat).toEqual(expect.any(Number));
    expect(decodeJwt(IdToken).origin_jti).toBe(claims.origin_jti);

    const user = await call('GetUser', { AccessToken });
    expect(user.body.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: 'ada@example.com' },
        { Name: 'name', Value: 'Ada' },
      ]),
    );
  });

  it('keeps no password in clear, and mails no password', async () => {
    await signUpAndConfirm('clear@example.com', 'Plain-text-7');
    const row = await handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'clear@example.com')
      .executeTakeFirstOrThrow();
    // At the pool's cost (the product's default is passwords.test.ts's to check).
    expect(row.password_hash).toMatch(new RegExp(`^scrypt\\$${pool.passwordCost}\\$8\\$1\\$`));
    expect(row.password_hash).not.toContain('Plain-text-7');
    const mail = await handle.db.selectFrom('outbox').select('body').execute();
    expect(mail.some((message) => message.body.includes('Plain-text-7'))).toBe(false);
    expect(logged.join('\n')).not.toContain('Plain-text-7');
  });

  it('refreshes with GetTokensFromRefreshToken, and global sign-out revokes the refresh token and the access token', async () => {
    await signUpAndConfirm('grace@example.com');
    const first = (await signIn('grace@example.com')).body.AuthenticationResult;
    const second = (await signIn('grace@example.com')).body.AuthenticationResult;

    const refreshed = await call('GetTokensFromRefreshToken', {
      ...client,
      RefreshToken: first.RefreshToken,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.AuthenticationResult.IdToken).toEqual(expect.any(String));

    expect(await call('GlobalSignOut', { AccessToken: first.AccessToken })).toMatchObject({
      status: 200,
      body: {},
    });
    for (const token of [first.RefreshToken, second.RefreshToken]) {
      expect(await call('GetTokensFromRefreshToken', { ...client, RefreshToken: token })).toMatchObject({
        status: 400,
        errorType: 'NotAuthorizedException',
        body: { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' },
      });
    }
    expect(await call('GetUser', { AccessToken: second.AccessToken })).toMatchObject({
      errorType: 'NotAuthorizedException',
      body: { message: 'Access Token has been revoked' },
    });
  });

  it('revokes one session with RevokeToken and leaves the others', async () => {
    await signUpAndConfirm('hopper@example.com');
    const one = (await signIn('hopper@example.com')).body.AuthenticationResult;
    const two = (await signIn('hopper@example.com')).body.AuthenticationResult;
    expect(await call('RevokeToken', { ...client, Token: one.RefreshToken })).toMatchObject({ status: 200 });
    expect(
      (await call('GetTokensFromRefreshToken', { ...client, RefreshToken: one.RefreshToken })).errorType,
    ).toBe('NotAuthorizedException');
    expect(
      (await call('GetTokensFromRefreshToken', { ...client, RefreshToken: two.RefreshToken })).status,
    ).toBe(200);
  });

  it('refuses weak passwords, taken addresses and wrong passwords with Cognito names', async () => {
    expect(
      await call('SignUp', { ...client, Username: 'weak@example.com', Password: 'short' }),
    ).toMatchObject({
      errorType: 'InvalidPasswordException',
      body: { message: 'Password did not conform with policy: Password not long enough' },
    });
    await signUpAndConfirm('taken@example.com');
    expect(
      (await call('SignUp', { ...client, Username: 'taken@example.com', Password: PASSWORD })).body,
    ).toEqual({
      __type: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
    expect((await signIn('taken@example.com', 'Wrong-password-1')).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect((await signIn('nobody@example.com')).body.message).toBe('Incorrect username or password.');
    expect(
      (await call('SignUp', { ...client, Username: 'not-an-email', Password: PASSWORD })).body.message,
    ).toBe('Username should be an email.');
    expect(
      (await call('SignUp', { ClientId: 'other', Username: 'x@example.com', Password: PASSWORD })).errorType,
    ).toBe('ResourceNotFoundException');
    expect((await call('SignUp', { ...client, Password: PASSWORD })).body.message).toBe(
      "1 validation error detected: Value at 'username' failed to satisfy constraint: Member must not be null",
    );
  });

  it('uses a code once, refuses a wrong one, and retires it after five wrong guesses', async () => {
    await call('SignUp', { ...client, Username: 'codes@example.com', Password: PASSWORD });
    const code = await latestCode(handle.db, 'codes@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await call('ConfirmSignUp', { ...client, Username: 'codes@example.com', ConfirmationCode: wrong }))
        .errorType,
    ).toBe('CodeMismatchException');
    for (let attempt = 0; attempt < 4; attempt++) {
      await call('ConfirmSignUp', { ...client, Username: 'codes@example.com', ConfirmationCode: wrong });
    }
    expect(
      (await call('ConfirmSignUp', { ...client, Username: 'codes@example.com', ConfirmationCode: code }))
        .errorType,
    ).toBe('ExpiredCodeException');

    const resent = await call('ResendConfirmationCode', { ...client, Username: 'codes@example.com' });
    expect(resent.body.CodeDeliveryDetails.Destination).toBe('c***@example.com');
    const fresh = await latestCode(handle.db, 'codes@example.com');
    expect(
      (await call('ConfirmSignUp', { ...client, Username: 'codes@example.com', ConfirmationCode: fresh }))
        .status,
    ).toBe(200);
    expect(
      (await call('ConfirmSignUp', { ...client, Username: 'codes@example.com', ConfirmationCode: fresh }))
        .body.message,
    ).toBe('User cannot be confirmed. Current status is CONFIRMED');
  });

  it('resets a forgotten password by code and ends the old sessions', async () => {
    await signUpAndConfirm('turing@example.com');
    const before = (await signIn('turing@example.com')).body.AuthenticationResult;
    expect(
      (await call('ForgotPassword', { ...client, Username: 'turing@example.com' })).body.CodeDeliveryDetails
        .Destination,
    ).toBe('t***@example.com');
    const code = await latestCode(handle.db, 'turing@example.com');
    expect(
      await call('ConfirmForgotPassword', {
        ...client,
        Username: 'turing@example.com',
        ConfirmationCode: code,
        Password: 'New-password-2',
      }),
    ).toMatchObject({ status: 200, body: {} });
    expect((await signIn('turing@example.com')).errorType).toBe('NotAuthorizedException');
    expect((await signIn('turing@example.com', 'New-password-2')).status).toBe(200);
    expect(
      (await call('GetTokensFromRefreshToken', { ...client, RefreshToken: before.RefreshToken })).errorType,
    ).toBe('NotAuthorizedException');
    // An unknown address gets the same answer and no mail.
    const unknown = await call('ForgotPassword', { ...client, Username: 'ghost@example.com' });
    expect(unknown.status).toBe(200);
    expect(
      await handle.db
        .selectFrom('outbox')
        .where('to_address', '=', 'ghost@example.com')
        .selectAll()
        .execute(),
    ).toEqual([]);
  });

  it('updates the attributes a user may change, and no others', async () => {
    await signUpAndConfirm('lovelace@example.com');
    const { AccessToken } = (await signIn('lovelace@example.com')).body.AuthenticationResult;
    expect(
      (
        await call('UpdateUserAttributes', {
          AccessToken,
          UserAttributes: [{ Name: 'name', Value: 'Augusta' }],
        })
      ).body,
    ).toEqual({ CodeDeliveryDetailsList: [] });
    expect((await call('GetUser', { AccessToken })).body.UserAttributes).toContainEqual({
      Name: 'name',
      Value: 'Augusta',
    });
    expect(
      await call('UpdateUserAttributes', {
        AccessToken,
        UserAttributes: [{ Name: 'custom:organisation_id', Value: '1' }],
      }),
    ).toMatchObject({
      errorType: 'InvalidParameterException',
      body: { message: 'Attribute custom:organisation_id cannot be changed.' },
    });
  });

  it('slows down guessing: past ten sign-in attempts for one user it answers LimitExceededException', async () => {
    const attempts = [];
    for (let attempt = 0; attempt < 11; attempt++)
      attempts.push((await signIn('brute@example.com', `Guess-${attempt}-x`)).errorType);
    expect(attempts.slice(0, 10).every((name) => name === 'NotAuthorizedException')).toBe(true);
    expect(attempts[10]).toBe('LimitExceededException');
  });

  it('never slows down people who sign in correctly: only failures count towards the limit', async () => {
    await signUpAndConfirm('regular@example.com');
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await signIn('regular@example.com')).status).toBe(200);
    }
  });

  it('counts every spelling of one address as one user: spaces and capitals get no fresh tries', async () => {
    const spellings = [
      'spelt@example.com',
      ' spelt@example.com',
      'SPELT@example.com ',
      '\tSpelt@Example.com',
    ];
    const attempts = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const username = spellings[attempt % spellings.length] as string;
      attempts.push((await signIn(username, `Guess-${attempt}-x`)).errorType);
    }
    expect(attempts.slice(0, 10).every((name) => name === 'NotAuthorizedException')).toBe(true);
    expect(attempts[10]).toBe('LimitExceededException');
  });

  it('answers ForgotPassword alike for an account and for none, however the address is spelt', async () => {
    await signUpAndConfirm('known@example.com');
    const answers = await Promise.all(
      [
        'known@example.com',
        ' known@example.com',
        'KNOWN@example.com',
        'unknown@example.com',
        ' unknown@example.com',
      ].map(async (Username) => (await call('ForgotPassword', { ...client, Username })).body),
    );
    expect(answers.slice(0, 3)).toEqual(Array(3).fill(answers[0]));
    expect(answers[0]).toEqual({
      CodeDeliveryDetails: {
        Destination: 'k***@example.com',
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      },
    });
    expect(answers[4]).toEqual(answers[3]);
    expect(answers[3]).toEqual({
      CodeDeliveryDetails: {
        Destination: 'u***@example.com',
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      },
    });
  });

  it.each(['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty', ''])(
    'answers the operation name %j, which is no operation of the pool, as Cognito does: 400 UnknownOperationException',
    async (name) => {
      const answer = await call(name, {});
      expect(answer).toEqual({
        status: 400,
        errorType: 'UnknownOperationException',
        body: {
          __type: 'UnknownOperationException',
          message: `Unknown operation AWSCognitoIdentityProviderService.${name}.`,
        },
      });
    },
  );

  it('sends one address at most five codes an hour: SignUp past that answers LimitExceededException and changes nothing', async () => {
    const signUp = (password: string) =>
      call('SignUp', { ...client, Username: 'flood@example.com', Password: password });
    for (let attempt = 0; attempt < 5; attempt++) expect((await signUp(PASSWORD)).status).toBe(200);
    const lastCode = await latestCode(handle.db, 'flood@example.com');
    expect(await signUp('Another-horse-9')).toMatchObject({
      status: 400,
      errorType: 'LimitExceededException',
    });
    expect(await call('ResendConfirmationCode', { ...client, Username: 'flood@example.com' })).toMatchObject({
      errorType: 'LimitExceededException',
    });
    const mails = await handle.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'flood@example.com')
      .execute();
    expect(mails).toHaveLength(5);
    // The refused sign-up kept the password and the code of the last one.
    expect(
      await call('ConfirmSignUp', { ...client, Username: 'flood@example.com', ConfirmationCode: lastCode }),
    ).toMatchObject({ status: 200 });
    expect((await signIn('flood@example.com')).status).toBe(200);
  });

  it('answers ForgotPassword the same past the mail limit, and sends nothing more', async () => {
    await signUpAndConfirm('forgetful@example.com');
    const answers = [];
    for (let attempt = 0; attempt < 7; attempt++)
      answers.push(await call('ForgotPassword', { ...client, Username: 'forgetful@example.com' }));
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify(answers[0])]),
    );
    const mails = await handle.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'forgetful@example.com')
      .execute();
    expect(mails).toHaveLength(5);
  });

  it('answers TooManyRequestsException past 60 sign-in attempts a minute from one address, even a right one', async () => {
    const attempt = async (parameters: Record<string, string>) => {
      const response = await app.inject({
        method: 'POST',
        url: '/cognito',
        remoteAddress: '192.0.2.60',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        payload: JSON.stringify({ ...client, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: parameters }),
      });
      return response.headers['x-amzn-errortype'] ?? response.statusCode;
    };
    // Attempts without a password count too, and cost no password hash: the test stays quick.
    const answers = [];
    for (let count = 0; count < 60; count++)
      answers.push(await attempt({ USERNAME: `someone-${count}@example.com` }));
    expect(answers.every((answer) => answer === 'InvalidParameterException')).toBe(true);
    expect(await attempt({ USERNAME: 'regular@example.com', PASSWORD })).toBe('TooManyRequestsException');
    // Another address is not held back.
    expect((await signIn('regular@example.com')).status).toBe(200);
  });

  it('answers LimitExceededException past 100 code mails an hour asked for from one address, whoever they are for', async () => {
    const forgot = async (username: string, remoteAddress: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/cognito',
        remoteAddress,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
        },
        payload: JSON.stringify({ ...client, Username: username }),
      });
      return response.headers['x-amzn-errortype'] ?? response.statusCode;
    };
    // Each to another recipient, so no recipient's own limit is reached first.
    const answers = [];
    for (let count = 0; count < 100; count++)
      answers.push(await forgot(`reader-${count}@example.com`, '192.0.2.100'));
    expect(answers.every((answer) => answer === 200)).toBe(true);
    expect(await forgot('reader-100@example.com', '192.0.2.100')).toBe('LimitExceededException');
    // Another address is not held back.
    expect(await forgot('reader-100@example.com', '192.0.2.101')).toBe(200);
  });

  it('answers an unknown operation and a body that is not JSON with a clear error, not a crash', async () => {
    expect(await call('DeleteEverything', {})).toMatchObject({
      status: 400,
      errorType: 'UnknownOperationException',
    });
    const response = await app.inject({
      method: 'POST',
      url: '/cognito',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      payload: '{"Username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      __type: 'SerializationException',
      message: 'The request body is not valid JSON.',
    });
  });
});
