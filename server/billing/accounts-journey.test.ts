import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';

describeEachEngine('accounts journey on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    server = await startTestApp(engine);
  });
  afterAll(async () => server?.close());

  it('takes a new user from no organisation to an active plan', async () => {
    const token = await server.signedInUser('owner@example.com');
    const created = await server.api('addOrganisation', token, { name: '  Acme Facilities ' });
    expect(created).toEqual({
      status: 200,
      body: { organisation_id: expect.any(Number), name: 'Acme Facilities' },
    });
    const orgId = created.body.organisation_id;

    const before = await server.api('billing', token, { orgId });
    expect(before.status).toBe(200);
    expect(before.body.subscription).toEqual({ status: 'incomplete', plan: null, trialEndsAt: null });
    expect(before.body.usage).toEqual({ sites: 0, dataPoints: 0, users: 1 });
    expect(await server.api('billing/checkout', token, { orgId, plan: 'ADVANCE' })).toEqual({
      status: 200,
      body: { status: 'active' },
    });
    expect((await server.api('billing', token, { orgId })).body.subscription).toEqual({
      status: 'active',
      plan: { product: { name: 'Advanced' } },
      trialEndsAt: null,
    });
    expect(await server.api('addOrganisation', token, { name: 'Second' })).toEqual({
      status: 409,
      body: { message: 'You already belong to an organisation.' },
    });
  });

  it("refuses another organisation's billing, in reading and in changing it", async () => {
    const alice = await server.signedInUser('alice@example.com');
    const bob = await server.signedInUser('bob@example.com');
    const aliceOrg = (await server.api('addOrganisation', alice, { name: 'Alice Ltd' })).body.organisation_id;
    await server.api('addOrganisation', bob, { name: 'Bob Ltd' });
    const refused = { status: 403, body: { message: 'You do not have access to this organisation.' } };
    expect(await server.api('billing', bob, { orgId: aliceOrg })).toEqual(refused);
    expect(await server.api('billing/checkout', bob, { orgId: aliceOrg, plan: 'PRO' })).toEqual(refused);
    expect(await server.api('billing', bob, { orgId: 999_999 })).toEqual(refused);
    const untouched = await server.db
      .selectFrom('subscriptions')
      .select('status')
      .where('organisation_id', '=', aliceOrg)
      .executeTakeFirstOrThrow();
    expect(untouched.status).toBe('incomplete');
  });

  it('answers 401 without a valid token, and after a global sign-out', async () => {
    expect(await server.api('billing', undefined, { orgId: 1 })).toEqual({
      status: 401,
      body: { message: 'Sign in to continue.' },
    });
    expect((await server.api('billing', 'not-a-token', { orgId: 1 })).status).toBe(401);
    const token = await server.signedInUser('leaver@example.com');
    const signIn = await server.cognito('InitiateAuth', {
      ClientId: 'insights-web',
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'leaver@example.com', PASSWORD: 'Test-password-1' },
    });
    // Used once before signing out, so the server has seen (and may remember) this caller (403: not in an organisation yet).
    expect((await server.api('getUsers', token, {})).status).toBe(403);
    await server.cognito('GlobalSignOut', { AccessToken: signIn.body.AuthenticationResult.AccessToken });
    expect((await server.api('addOrganisation', token, { name: 'Too late' })).status).toBe(401);
    expect((await server.api('getUsers', token, {})).status).toBe(401);
  });

  it('refuses bad bodies with the pointer and message, and writes nothing', async () => {
    const token = await server.signedInUser('careful@example.com');
    expect(await server.api('addOrganisation', token, { name: '', colour: 'red' })).toEqual({
      status: 400,
      body: {
        message:
          'The request body is not valid: /colour: is not a known field here; /name: must not be empty',
        issues: [
          { pointer: '/colour', message: 'is not a known field here' },
          { pointer: '/name', message: 'must not be empty' },
        ],
      },
    });
    expect((await server.api('addOrganisation', token, { name: '   ' })).body).toEqual({
      message: 'The request body is not valid: /name: must not be blank',
      issues: [{ pointer: '/name', message: 'must not be blank' }],
    });
    // Billing is for members: a caller without an organisation is refused before the body is read.
    const member = (await server.memberOfNewOrganisation('careful.member@example.com', 'Careful Co')).token;
    expect((await server.api('billing', member, { orgId: '1' })).body.issues).toEqual([
      { pointer: '/orgId', message: 'must be an integer' },
    ]);
    expect((await server.api('billing/checkout', member, { orgId: 1, plan: 'GOLD' })).body.issues).toEqual([
      { pointer: '/plan', message: 'must be one of "PRO", "ADVANCE"' },
    ]);
    const organisations = await server.db
      .selectFrom('organisations')
      .select('name')
      .where('name', '=', '')
      .execute();
    expect(organisations).toEqual([]);
  });
});
