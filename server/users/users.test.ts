import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';

describeEachEngine('users and invitations on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    server = await startTestApp(engine);
  });
  afterAll(async () => server?.close());

  async function invitationToken(email: string): Promise<string> {
    const mail = await server.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/auth\/register\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
    if (!token) throw new Error('no invitation link in the mail');
    return token;
  }

  async function userIdOf(email: string): Promise<string> {
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return user.id;
  }

  it('invites by e-mail; the invitee signs up with the link and joins', async () => {
    const admin = await server.memberOfNewOrganisation('admin@acme.test', 'Acme');
    expect(await server.api('sendUserInvite', admin.token, { email: 'New.Person@acme.test' })).toMatchObject({
      status: 200,
      body: { email: 'new.person@acme.test' },
    });
    const token = await invitationToken('new.person@acme.test');
    expect(await server.api('preAuthorization', undefined, { inviteToken: token })).toEqual({
      status: 200,
      body: { valid: true, email: 'n***@acme.test', organisationName: 'Acme' },
    });

    const invitee = await server.signedInUser('new.person@acme.test');
    const inviteeId = await userIdOf('new.person@acme.test');
    expect(
      await server.api('acceptUserInvite', invitee, {
        inviteToken: token,
        userId: inviteeId,
        username: 'new.person@acme.test',
      }),
    ).toEqual({
      status: 200,
      body: { organisation_id: admin.organisationId },
    });
    // Used once: the link is spent.
    expect(
      (await server.api('accept-invite', invitee, { inviteToken: token, userId: inviteeId, username: 'x' }))
        .status,
    ).toBe(404);
    expect((await server.api('preAuthorization', undefined, { inviteToken: token })).body).toEqual({
      valid: false,
    });

    const listed = await server.api('getUsers', admin.token, {});
    expect(
      listed.body.users.map((user: { email: string; isYou: boolean }) => [user.email, user.isYou]),
    ).toEqual([
      ['admin@acme.test', true],
      ['new.person@acme.test', false],
    ]);
    expect(listed.body.invitations).toEqual([]);
  });

  it("quotes the inviter's name on one short line, and says which organisation and address invite", async () => {
    const admin = await server.memberOfNewOrganisation('phish@evil.test', 'Evil Co');
    const bait = `Your bank\n\nYour account is locked: https://evil.test/login\n${'x'.repeat(2_000)}`;
    await server.db.updateTable('users').set({ name: bait }).where('email', '=', 'phish@evil.test').execute();
    expect((await server.api('sendUserInvite', admin.token, { email: 'target@victim.test' })).status).toBe(
      200,
    );
    const mail = await server.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('to_address', '=', 'target@victim.test')
      .executeTakeFirstOrThrow();
    const [firstLine = ''] = mail.body.split('\n');
    expect(firstLine).toMatch(
      /^Your bank Your account is locked: https:\/\/evil\.test\/login x+… \(phish@evil\.test\) invites you to join the organisation Evil Co on Insights as a viewer\.$/,
    );
    expect(firstLine.length).toBeLessThan(200);
    expect(mail.body).toContain('If you do not know phish@evil.test, ignore this message.');
    expect(mail.subject).toBe('You are invited to Evil Co on Insights');
  });

  it('revokes an invitation, whose link then stops working; sending again leaves only the newest link working', async () => {
    const admin = await server.memberOfNewOrganisation('keeper@revoke.test', 'Revoke Co');
    const other = await server.memberOfNewOrganisation('keeper@other.test', 'Other Co');
    await server.api('sendUserInvite', admin.token, { email: 'guest@revoke.test', role: 'editor' });
    const first = await invitationToken('guest@revoke.test');
    // Sent again (the people page's Resend): the first link is revoked, the new one works.
    await server.api('sendUserInvite', admin.token, { email: 'guest@revoke.test', role: 'editor' });
    const second = await invitationToken('guest@revoke.test');
    expect(second).not.toBe(first);
    const valid = async (token: string) =>
      (await server.api('preAuthorization', undefined, { inviteToken: token })).body.valid;
    expect([await valid(first), await valid(second)]).toEqual([false, true]);
    const listed = await server.api('getUsers', admin.token, {});
    expect(listed.body.invitations.map((invitation: { email: string }) => invitation.email)).toEqual([
      'guest@revoke.test',
    ]);

    // Another organisation cannot revoke it: its addresses are not looked up.
    expect(await server.api('revokeUserInvite', other.token, { email: 'guest@revoke.test' })).toEqual({
      status: 404,
      body: { message: 'There is no open invitation to guest@revoke.test in your organisation.' },
    });
    expect(await valid(second)).toBe(true);

    expect(await server.api('revokeUserInvite', admin.token, { email: 'Guest@Revoke.test' })).toEqual({
      status: 200,
      body: { email: 'guest@revoke.test', revoked: 1 },
    });
    expect(await valid(second)).toBe(false);
    expect((await server.api('getUsers', admin.token, {})).body.invitations).toEqual([]);
    // Revoked, the link cannot be accepted either.
    const guest = await server.signedInUser('guest@revoke.test');
    const guestId = await userIdOf('guest@revoke.test');
    expect(
      (
        await server.api('acceptUserInvite', guest, {
          inviteToken: second,
          userId: guestId,
          username: 'guest@revoke.test',
        })
      ).status,
    ).toBe(404);
    expect((await server.api('revokeUserInvite', admin.token, { email: 'guest@revoke.test' })).status).toBe(
      404,
    );
  });

  it('lists an invitation that expired, so it can be sent again', async () => {
    const admin = await server.memberOfNewOrganisation('keeper@expired.test', 'Expired Co');
    await server.api('sendUserInvite', admin.token, { email: 'late@expired.test' });
    await server.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 86_400_000) })
      .where('email', '=', 'late@expired.test')
      .execute();
    const [listed] = (await server.api('getUsers', admin.token, {})).body.invitations;
    expect(listed.email).toBe('late@expired.test');
    expect(Date.parse(listed.expiresAt)).toBeLessThan(Date.now());
  });

  it('sends one address at most five invitations an hour: past that 429, and no invitation is made', async () => {
    const admin = await server.memberOfNewOrganisation('eager@inviter.test', 'Eager');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await server.api('sendUserInvite', admin.token, { email: 'popular@else.test' })).status).toBe(
        200,
      );
    }
    expect(await server.api('sendUserInvite', admin.token, { email: 'popular@else.test' })).toEqual({
      status: 429,
      body: {
        message: 'popular@else.test has had several messages from Insights within the hour; try again later.',
      },
    });
    const invitations = await server.db
      .selectFrom('invitations')
      .select('token')
      .where('email', '=', 'popular@else.test')
      .execute();
    expect(invitations).toHaveLength(5);
  });

  it('lets an organisation send at most 30 invitations an hour', async () => {
    const admin = await server.memberOfNewOrganisation('mass@inviter.test', 'Mass');
    for (let count = 0; count < 30; count++) {
      expect(
        (await server.api('sendUserInvite', admin.token, { email: `person${count}@many.test` })).status,
      ).toBe(200);
    }
    expect(await server.api('sendUserInvite', admin.token, { email: 'one-more@many.test' })).toEqual({
      status: 429,
      body: { message: 'This organisation has sent 30 invitations within the hour; try again later.' },
    });
  });

  it('lets only the invited address accept', async () => {
    const admin = await server.memberOfNewOrganisation('boss@firm.test', 'Firm');
    await server.api('sendUserInvite', admin.token, { email: 'right@firm.test' });
    const token = await invitationToken('right@firm.test');
    const stranger = await server.signedInUser('wrong@firm.test');
    const strangerId = await userIdOf('wrong@firm.test');
    expect(
      await server.api('acceptUserInvite', stranger, {
        inviteToken: token,
        userId: strangerId,
        username: 'wrong@firm.test',
      }),
    ).toEqual({
      status: 403,
      body: { message: 'This invitation is for r***@firm.test; sign in with that address to accept it.' },
    });
    expect(
      (await server.api('getUsers', admin.token, {})).body.invitations.map(
        (invitation: { email: string }) => invitation.email,
      ),
    ).toEqual(['right@firm.test']);
  });

  it('removes a member, but never the caller', async () => {
    const admin = await server.memberOfNewOrganisation('chief@co.test', 'Co');
    await server.api('sendUserInvite', admin.token, { email: 'temp@co.test' });
    const token = await invitationToken('temp@co.test');
    const temp = await server.signedInUser('temp@co.test');
    const tempId = await userIdOf('temp@co.test');
    await server.api('acceptUserInvite', temp, {
      inviteToken: token,
      userId: tempId,
      username: 'temp@co.test',
    });
    expect(await server.api('removeUser', admin.token, { userId: admin.userId })).toEqual({
      status: 400,
      body: {
        message: 'You cannot remove yourself; ask another member to do it.',
        issues: [{ pointer: '/userId', message: 'You cannot remove yourself; ask another member to do it.' }],
      },
    });
    expect((await server.api('getUsers', temp, {})).status).toBe(200);
    expect(await server.api('removeUser', admin.token, { userId: tempId })).toEqual({
      status: 200,
      body: { ok: true },
    });
    // The removed member's very next request no longer reaches the organisation (getUsers is for members only).
    expect(await server.api('getUsers', temp, {})).toEqual({
      status: 403,
      body: { message: 'You do not have access to this organisation.' },
    });
    // No longer a member: there is no one to remove.
    expect(await server.api('removeUser', admin.token, { userId: tempId })).toEqual({
      status: 404,
      body: { message: `There is no member ${tempId} in your organisation.` },
    });
    expect((await server.api('getUsers', admin.token, {})).body.users).toHaveLength(1);
  });

  it('sends a new confirmation code only to an unconfirmed account, and answers the same for any address', async () => {
    await server.cognito('SignUp', {
      ClientId: 'insights-web',
      Username: 'late@site.test',
      Password: 'Late-confirm-1',
    });
    const before = await server.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'late@site.test')
      .execute();
    expect(await server.api('resendverifiedEmailCode', undefined, { email: 'late@site.test' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await server.api('resendverifiedEmailCode', undefined, { email: 'nobody@site.test' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const after = await server.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'late@site.test')
      .execute();
    expect(after.length).toBe(before.length + 1);
    expect(
      await server.db
        .selectFrom('outbox')
        .select('id')
        .where('to_address', '=', 'nobody@site.test')
        .execute(),
    ).toEqual([]);
  });
});
