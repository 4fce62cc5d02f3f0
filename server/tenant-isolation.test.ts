import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from './db/test-database';
import { startTestApp } from './test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

/**
 * For every signed-in endpoint: a member of organisation B names
 * organisation A's ids and gets 403 or 404, none of A's data, and A's data
 * stays as it was.
 */
describe.each(testEngines)('tenant isolation on %s', (engine) => {
  let server: Server;
  let a: Member;
  let b: Member;
  let aSecrets: string[];

  beforeAll(async () => {
    server = await startTestApp(engine);
    a = await server.memberOfNewOrganisation('owner@org-a.test', 'Org A');
    b = await server.memberOfNewOrganisation('owner@org-b.test', 'Org B');
    await server.api(
      'profile',
      a.token,
      { user_id: a.userId, display_name: 'Secret Name A', phone_number: '+44 20 7946 0958' },
      'PUT',
    );
    await server.api('localStorage', a.token, {
      org_id: a.organisationId,
      user_id: a.userId,
      custom: '{"secret":"ui-a"}',
    });
    const logo = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    await server.upload('uploadOrgImage', a.token, logo, 'image/png');
    await server.api('sendUserInvite', a.token, { email: 'invitee@org-a.test' });
    aSecrets = ['Secret Name A', '7946', 'ui-a', 'ORG_IMAGE/', 'invitee@org-a.test', 'owner@org-a.test'];
  });
  afterAll(async () => server?.close());

  /** Each signed-in route, tried by B against A. */
  const attempts: Record<string, () => Promise<{ status: number; body: unknown }>> = {
    'POST /api/billing': () => server.api('billing', b.token, { orgId: a.organisationId }),
    'POST /api/billing/checkout': () =>
      server.api('billing/checkout', b.token, { orgId: a.organisationId, plan: 'PRO' }),
    'POST /api/getUsers': () => server.api('getUsers', b.token, { orgId: a.organisationId }),
    'POST /api/removeUser': () => server.api('removeUser', b.token, { userId: a.userId }),
    'POST /api/profile': () => server.api('profile', b.token, { user_id: a.userId }),
    'PUT /api/profile': () =>
      server.api('profile', b.token, { user_id: a.userId, display_name: 'Hijacked' }, 'PUT'),
    'POST /api/updateUserProfile': () =>
      server.api('updateUserProfile', b.token, { user_id: a.userId, display_name: 'Hijacked' }),
    'POST /api/orgImage': () => server.api('orgImage', b.token, { org_id: a.organisationId }),
    'PUT /api/orgImage': () =>
      server.api('orgImage', b.token, { org_id: a.organisationId, user_image: null }, 'PUT'),
    'POST /api/localStorage': () => server.api('localStorage', b.token, { org_id: a.organisationId }),
    'POST /api/localStorage (save)': () =>
      server.api('localStorage', b.token, {
        org_id: a.organisationId,
        user_id: a.userId,
        custom: '{"secret":"overwritten"}',
      }),
    'POST /api/acceptUserInvite': async () => {
      const token = (
        await server.db
          .selectFrom('invitations')
          .select('token')
          .where('email', '=', 'invitee@org-a.test')
          .executeTakeFirstOrThrow()
      ).token;
      return server.api('acceptUserInvite', b.token, {
        inviteToken: token,
        userId: b.userId,
        username: 'owner@org-b.test',
      });
    },
    'POST /api/accept-invite': async () => {
      const token = (
        await server.db
          .selectFrom('invitations')
          .select('token')
          .where('email', '=', 'invitee@org-a.test')
          .executeTakeFirstOrThrow()
      ).token;
      return server.api('accept-invite', b.token, {
        inviteToken: token,
        userId: a.userId,
        username: 'owner@org-a.test',
      });
    },
  };

  /** Routes whose only target is the caller's own organisation or self: B can reach nothing of A through them. */
  const OWN_SCOPE_ONLY = [
    'POST /api/addOrganisation',
    'POST /api/sendUserInvite',
    'POST /api/uploadOrgImage',
    'POST /api/uploadUserLogo',
  ];
  /** Routes that answer before sign-in, tested in users.test.ts and app-config.test.ts. */
  const PUBLIC = ['GET /api/appConfig', 'POST /api/preAuthorization', 'POST /api/resendverifiedEmailCode'];

  it('covers every route under /api', async () => {
    const routes = server.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const match = /(\/api\/\S+) \(([^)]+)\)/.exec(line);
        if (!match || match[1]?.startsWith('/api/docs')) return [];
        return (match[2] ?? '')
          .split(', ')
          .filter((method) => method !== 'HEAD')
          .map((method) => `${method} ${match[1]}`);
      });
    const covered = new Set([
      ...Object.keys(attempts).map((name) => name.replace(/ \(.*\)$/, '')),
      ...OWN_SCOPE_ONLY,
      ...PUBLIC,
    ]);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });

  it.each(Object.keys(attempts))(
    '%s refuses another organisation and shows none of its data',
    async (name) => {
      const response = await attempts[name]?.();
      expect([403, 404]).toContain(response?.status);
      const text = JSON.stringify(response?.body);
      for (const secret of aSecrets) expect(text).not.toContain(secret);
    },
  );

  it("leaves organisation A's data as it was", async () => {
    expect((await server.api('profile', a.token, { user_id: a.userId })).body[0]).toMatchObject({
      display_name: 'Secret Name A',
    });
    expect(
      JSON.parse((await server.api('localStorage', a.token, { org_id: a.organisationId })).body[0].uxConfig),
    ).toEqual({ secret: 'ui-a' });
    expect((await server.api('orgImage', a.token, { org_id: a.organisationId })).body[0].image).toMatch(
      /^ORG_IMAGE\//,
    );
    expect((await server.api('getUsers', a.token, {})).body.users).toHaveLength(1);
    expect((await server.api('billing', a.token, { orgId: a.organisationId })).body.subscription.status).toBe(
      'incomplete',
    );
    const b2 = await server.db
      .selectFrom('users')
      .select('organisation_id')
      .where('id', '=', b.userId)
      .executeTakeFirstOrThrow();
    expect(b2.organisation_id).toBe(b.organisationId);
  });
});
