import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';

const png = (size = 40) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#4b7cf3' } })
    .png()
    .toBuffer();

describeEachEngine('profiles and images on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    server = await startTestApp(engine);
  });
  afterAll(async () => server?.close());

  it('saves and reads a profile; an empty phone or "+" is saved as null', async () => {
    const me = await server.memberOfNewOrganisation('pat@example.com', 'Pat Co');
    const save = (phone: string | null) =>
      server.api(
        'profile',
        me.token,
        {
          user_id: me.userId,
          display_name: ' Pat ',
          phone_number: phone,
          time_zone: 'Europe/London',
          user_image: null,
        },
        'PUT',
      );
    expect(await save('+44 20 7946 0958')).toEqual({ status: 200, body: { ok: true } });
    expect((await server.api('profile', me.token, { user_id: me.userId })).body).toEqual([
      {
        user_name: 'pat@example.com',
        display_name: 'Pat',
        phone_number: '+442079460958',
        timezone: 'Europe/London',
        image: null,
      },
    ]);
    for (const empty of ['', '+', null]) {
      await save(empty);
      expect((await server.api('profile', me.token, { user_id: me.userId })).body[0].phone_number).toBeNull();
    }
  });

  it("refuses a bad phone number with the spec's words, and keeps what was stored", async () => {
    const me = await server.memberOfNewOrganisation('sam@example.com', 'Sam Co');
    await server.api('updateUserProfile', me.token, { user_id: me.userId, phone_number: '+44 20 7946 0958' });
    expect(
      await server.api('updateUserProfile', me.token, { user_id: me.userId, phone_number: '123' }),
    ).toEqual({
      status: 400,
      body: {
        message: 'The request body is not valid: /phone_number: Please input correct number!',
        issues: [{ pointer: '/phone_number', message: 'Please input correct number!' }],
      },
    });
    expect((await server.api('profile', me.token, { user_id: me.userId })).body[0].phone_number).toBe(
      '+442079460958',
    );
    expect(
      (await server.api('updateUserProfile', me.token, { user_id: me.userId, time_zone: 'Mars/Olympus' }))
        .body.issues,
    ).toEqual([
      { pointer: '/time_zone', message: '"Mars/Olympus" is not a known time zone, such as Europe/London' },
    ]);
  });

  it('stores an uploaded picture as webp under PROFILE/, deleting the one it replaces', async () => {
    const me = await server.memberOfNewOrganisation('alex@example.com', 'Alex Co');
    const first = await server.upload('uploadUserLogo', me.token, await png(), 'image/png');
    expect(first.body.image).toMatch(/^PROFILE\/[0-9a-f-]{36}\.webp$/);
    const stored = await server.storage.get(first.body.image);
    expect((await sharp(stored).metadata()).format).toBe('webp');
    const served = await server.app.inject({ url: `/files/${first.body.image}` });
    expect(served.headers['content-type']).toBe('image/webp');

    const second = await server.upload('uploadUserLogo', me.token, await png(80), 'image/png');
    expect(second.body.image).not.toBe(first.body.image);
    expect(await server.storage.get(first.body.image)).toBeUndefined();
    expect((await server.api('profile', me.token, { user_id: me.userId })).body[0].image).toBe(
      second.body.image,
    );
  });

  it('refuses files that are not images and images over 5 MB, keeping the current picture', async () => {
    const me = await server.memberOfNewOrganisation('kim@example.com', 'Kim Co');
    const current = (await server.upload('uploadUserLogo', me.token, await png(), 'image/png')).body.image;
    expect(
      await server.upload('uploadUserLogo', me.token, Buffer.from('%PDF-1.7 not an image'), 'image/png'),
    ).toEqual({
      status: 415,
      body: {
        message: 'The file is not an image we can use; upload a JPEG, PNG, WebP, GIF or AVIF picture.',
      },
    });
    expect(
      await server.upload('uploadUserLogo', me.token, Buffer.alloc(6 * 1024 * 1024), 'image/png'),
    ).toEqual({
      status: 413,
      body: { message: 'The upload is larger than 5 MB; choose a smaller file.' },
    });
    expect(
      (await server.upload('uploadUserLogo', me.token, Buffer.from('{}'), 'application/pdf')).status,
    ).toBe(415);
    expect(await server.storage.get(current)).toBeDefined();
    expect((await server.api('profile', me.token, { user_id: me.userId })).body[0].image).toBe(current);
  });

  it("keeps the organisation's image under ORG_IMAGE/ and lets it be cleared", async () => {
    const me = await server.memberOfNewOrganisation('lee@example.com', 'Lee Co');
    const uploaded = await server.upload('uploadOrgImage', me.token, await png(), 'image/png');
    expect(uploaded.body.image).toMatch(/^ORG_IMAGE\/[0-9a-f-]{36}\.webp$/);
    expect((await server.api('orgImage', me.token, { org_id: me.organisationId })).body).toEqual([
      { org_id: me.organisationId, image: uploaded.body.image, name: 'Lee Co', demo: false },
    ]);
    expect(
      await server.api('orgImage', me.token, { org_id: me.organisationId, user_image: null }, 'PUT'),
    ).toEqual({ status: 200, body: { ok: true } });
    expect(await server.storage.get(uploaded.body.image)).toBeUndefined();
  });

  it('renames the organisation, trimmed, and refuses a blank name where it is', async () => {
    const me = await server.memberOfNewOrganisation('ren@example.com', 'Old Name Ltd');
    expect(
      await server.api('renameOrganisation', me.token, {
        org_id: me.organisationId,
        name: '  New Name Ltd ',
      }),
    ).toEqual({ status: 200, body: { org_id: me.organisationId, name: 'New Name Ltd' } });
    expect((await server.api('orgImage', me.token, { org_id: me.organisationId })).body[0].name).toBe(
      'New Name Ltd',
    );
    const blank = await server.api('renameOrganisation', me.token, {
      org_id: me.organisationId,
      name: '   ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toEqual([{ pointer: '/name', message: 'must not be blank' }]);
    expect((await server.api('orgImage', me.token, { org_id: me.organisationId })).body[0].name).toBe(
      'New Name Ltd',
    );
  });

  it('saves and loads interface settings per user and organisation', async () => {
    const me = await server.memberOfNewOrganisation('ray@example.com', 'Ray Co');
    const custom = JSON.stringify({ theme: 'dark', leftMenuWidth: 300 });
    expect((await server.api('localStorage', me.token, { org_id: me.organisationId })).body).toEqual([]);
    await server.api('localStorage', me.token, { org_id: me.organisationId, user_id: me.userId, custom });
    const loaded = await server.api('localStorage', me.token, { org_id: me.organisationId });
    expect(JSON.parse(loaded.body[0].uxConfig)).toEqual({ theme: 'dark', leftMenuWidth: 300 });
    expect(
      (await server.api('localStorage', me.token, { org_id: me.organisationId, custom: 'not json' })).body
        .issues,
    ).toEqual([{ pointer: '/custom', message: 'must be the settings as JSON text' }]);
  });
});
