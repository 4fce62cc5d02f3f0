import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { describeWithService } from '../test-services.test-helper';
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

// Several processes share PostgreSQL only; PGlite is one process's.
describeWithService('TEST_DATABASE_URL', 'demo seed by servers started together on postgres', () => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    server = await startTestApp('postgres');
  });
  afterAll(async () => server?.close());

  it('seeds one demo user however many start at once', async () => {
    let seeds: Promise<unknown>[] = [];
    // Inserts into users wait while this transaction holds its lock, so three seeds, each on a connection of
    // its own as three processes would be, all reach their insert (or the turn they wait for) before any commits.
    await server.db.transaction().execute(async (trx) => {
      await sql`lock table users in share row exclusive mode`.execute(trx);
      seeds = [seedDemo(server.db), seedDemo(server.db), seedDemo(server.db)];
      await waitForWaitingSeeds(trx, 3);
    });
    // Each seed ends without an error; which of them was first to its turn is the database's choice.
    const seeded = await Promise.all(seeds);
    expect(seeded.filter((credentials) => credentials !== undefined)).toEqual([
      expect.objectContaining({ email: 'demo@insights.local' }),
    ]);
    const users = await server.db.selectFrom('users').select('email').execute();
    expect(users).toEqual([{ email: 'demo@insights.local' }]);
  });
});

/** Until `count` sessions wait for the users table or for the seed's turn. */
async function waitForWaitingSeeds(db: Database, count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_locks
      where not granted and (relation = 'users'::regclass or locktype = 'advisory')`.execute(db);
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} seeds came to wait`);
}
