import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Role } from '../../src/generated/api-types';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;

/** Who may give, change and take away roles; the routes' own role checks are in server/http/roles.test.ts. */
describeEachEngine('member roles on %s', (engine) => {
  let server: Server;
  let organisationId: number;
  let owner: { token: string; userId: string };
  let made = 0;

  beforeAll(async () => {
    server = await startTestApp(engine);
    const founder = await server.memberOfNewOrganisation('founder@roles-rules.test', 'Roles rules');
    organisationId = founder.organisationId;
    owner = { token: founder.token, userId: founder.userId };
  });
  afterAll(async () => server?.close());

  /** Another member of the organisation, in the role given. */
  async function member(role: Role): Promise<{ token: string; userId: string; email: string }> {
    const email = `${role}-${++made}@roles-rules.test`;
    const token = await server.signedInUser(email);
    const { id } = await server.db
      .updateTable('users')
      .set({ organisation_id: organisationId, role })
      .where('email', '=', email)
      .returning('id')
      .executeTakeFirstOrThrow();
    return { token, userId: id, email };
  }

  const roleOf = async (userId: string) =>
    (await server.db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirstOrThrow())
      .role;

  it('makes the creator of an organisation its owner, and shows each role in the member list', async () => {
    expect(await roleOf(owner.userId)).toBe('owner');
    const editor = await member('editor');
    const listed = await server.api('getUsers', owner.token, {});
    expect(listed.body.users).toContainEqual(
      expect.objectContaining({ id: owner.userId, role: 'owner', isYou: true }),
    );
    expect(listed.body.users).toContainEqual(expect.objectContaining({ id: editor.userId, role: 'editor' }));
  });

  it('lets an admin change roles up to admin, but not make owners nor touch an owner', async () => {
    const admin = await member('admin');
    const viewer = await member('viewer');
    expect(
      await server.api('updateUserRole', admin.token, { userId: viewer.userId, role: 'editor' }),
    ).toEqual({
      status: 200,
      body: { userId: viewer.userId, role: 'editor' },
    });
    expect(await roleOf(viewer.userId)).toBe('editor');
    const toOwner = await server.api('updateUserRole', admin.token, { userId: viewer.userId, role: 'owner' });
    expect(toOwner.status).toBe(400);
    expect(toOwner.body.issues).toEqual([
      { pointer: '/role', message: 'You are an admin; you cannot give the role owner.' },
    ]);
    const demoteOwner = await server.api('updateUserRole', admin.token, {
      userId: owner.userId,
      role: 'viewer',
    });
    expect([demoteOwner.status, demoteOwner.body.message]).toEqual([
      403,
      'Only an owner can change the role of an owner.',
    ]);
    expect(await roleOf(owner.userId)).toBe('owner');
  });

  it('takes a new role at once, without waiting for a cached one to expire', async () => {
    const editor = await member('editor');
    const site = { type: 'site', name: `Site of ${editor.email}`, timeZone: 'UTC' };
    expect((await server.api('addEntity', editor.token, site)).status).toBe(200);
    await server.api('updateUserRole', owner.token, { userId: editor.userId, role: 'viewer' });
    const refused = await server.api('addEntity', editor.token, { ...site, name: `${site.name} 2` });
    expect(refused.status).toBe(403);
  });

  it('keeps at least one owner: the last cannot step down nor be removed, a second one can', async () => {
    const lastOwner = await server.api('updateUserRole', owner.token, {
      userId: owner.userId,
      role: 'admin',
    });
    expect([lastOwner.status, lastOwner.body.message]).toEqual([
      409,
      'An organisation keeps at least one owner: make another member owner before you change the role of yourself.',
    ]);
    const second = await member('admin');
    expect(
      (await server.api('updateUserRole', owner.token, { userId: second.userId, role: 'owner' })).status,
    ).toBe(200);
    const adminRemovingOwner = await member('admin');
    const refused = await server.api('removeUser', adminRemovingOwner.token, { userId: second.userId });
    expect([refused.status, refused.body.message]).toEqual([403, 'Only an owner can remove an owner.']);
    expect((await server.api('removeUser', owner.token, { userId: second.userId })).status).toBe(200);
    const members = await server.db
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .execute();
    expect(members.map((row) => row.id)).not.toContain(second.userId);
    expect(await roleOf(owner.userId)).toBe('owner');
  });

  it('invites with a role no higher than the inviter’s, and the invitee joins with it', async () => {
    const admin = await member('admin');
    const tooHigh = await server.api('sendUserInvite', admin.token, {
      email: 'boss@roles-rules.test',
      role: 'owner',
    });
    expect([tooHigh.status, tooHigh.body.issues]).toEqual([
      400,
      [{ pointer: '/role', message: 'You are an admin; you cannot give the role owner.' }],
    ]);
    expect(
      (await server.api('sendUserInvite', admin.token, { email: 'ed@roles-rules.test', role: 'editor' }))
        .status,
    ).toBe(200);
    const listed = await server.api('getUsers', admin.token, {});
    expect(listed.body.invitations).toContainEqual(
      expect.objectContaining({ email: 'ed@roles-rules.test', role: 'editor' }),
    );
    const mail = await server.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', 'ed@roles-rules.test')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain('on Insights as an editor.');
    const token = /\/auth\/register\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] as string;
    const invitee = await server.signedInUser('ed@roles-rules.test');
    const { id } = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ed@roles-rules.test')
      .executeTakeFirstOrThrow();
    const accepted = await server.api('acceptUserInvite', invitee, {
      inviteToken: token,
      userId: id,
      username: 'ed@roles-rules.test',
    });
    expect(accepted.status).toBe(200);
    expect(await roleOf(id)).toBe('editor');
  });

  it('lets a viewer list import templates but not save one', async () => {
    const viewer = await member('viewer');
    expect(await server.api('importTemplates', viewer.token, {})).toEqual({
      status: 200,
      body: { templates: [] },
    });
    const saving = await server.api('importTemplates', viewer.token, {
      name: 'Monthly',
      mapping: {
        timestamp: { column: 'Time', format: 'iso', timeZone: 'UTC' },
        value: { column: 'Value', unit: 'kWh' },
        dataPoint: { column: 'Meter' },
      },
    });
    expect([saving.status, saving.body.message]).toEqual([
      403,
      'Your role (viewer) does not allow this; it needs editor or higher. An admin of your organisation can change your role.',
    ]);
  });
});
