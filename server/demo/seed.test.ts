import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { seedDemo } from './seed';

describeEachEngine('demo seed on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    server = await startTestApp(engine);
  });
  afterAll(async () => server?.close());

  it('creates a demo user who can sign in to an organisation with an active plan, once', async () => {
    const credentials = await seedDemo(server.db);
    expect(credentials?.email).toBe('demo@insights.local');
    const signIn = await server.cognito('InitiateAuth', {
      ClientId: 'insights-web',
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: credentials?.email, PASSWORD: credentials?.password },
    });
    const token = signIn.body.AuthenticationResult.IdToken;
    const users = await server.api('getUsers', token, {});
    expect(users.body.users.map((user: { email: string }) => user.email)).toEqual(['demo@insights.local']);
    const stored = await server.db
      .selectFrom('users')
      .select(['password_hash', 'organisation_id'])
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain(credentials?.password);
    const billing = await server.api('billing', token, { orgId: stored.organisation_id });
    expect(billing.body.subscription).toEqual({
      status: 'active',
      plan: { product: { name: 'Advanced' } },
      trialEndsAt: null,
    });
    // Marked as the demo, so the screens say its data is generated.
    const organisation = await server.api('orgImage', token, { org_id: stored.organisation_id });
    expect(organisation.body).toEqual([
      { org_id: stored.organisation_id, image: null, name: 'Demo Facilities', demo: true },
    ]);
    expect(await seedDemo(server.db)).toBeUndefined();
  });
});
