import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AlertSeverity } from '../../src/generated/api-types';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { deliverDue } from './deliveries';
import { evaluateRules } from './evaluate-rules';
import { gatewayOf } from './gateway.test-helper';
import { pumpRoom, ruleAbove } from './pump-room.test-helper';
import { MAILS_AN_HOUR, Recipients } from './recipients';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PUBLIC_URL = 'http://insights.test';

/** Each member chooses which alerts are mailed to them, and whether one by one or in an hourly digest. */
describeEachEngine('what of the alerts reaches each member on %s', (engine) => {
  let server: Server;
  let ownerToken: string;
  let viewerToken: string;
  let organisationId: number;
  let gateway: Awaited<ReturnType<typeof gatewayOf>>;
  let pump: number;
  const owner = 'owner@choices.test';
  const viewer = 'viewer@choices.test';

  beforeAll(async () => {
    server = await startTestApp(engine);
    ({ token: ownerToken, organisationId, pump } = await pumpRoom(server, owner, 'Choices Ltd'));
    viewerToken = (await server.invitedMember(ownerToken, viewer, 'viewer')).token;
    gateway = await gatewayOf(server, ownerToken);
  });
  afterAll(async () => server?.close());

  async function choices(token: string) {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/notificationChoices',
      headers: { authorization: `Bearer ${token}` },
    });
    return response.json().choices;
  }

  const rule = (name: string, severity: AlertSeverity, value: number) =>
    ruleAbove(server, ownerToken, pump, { name, severity, value });

  async function push(values: number[], from: number) {
    await gateway.push(values.map((value, index) => ({ dataPoint: pump, ts: from + index * MINUTE, value })));
    await evaluateRules(server.db, { now: new Date(), publicUrl: PUBLIC_URL });
  }

  const queued = async (recipient: string) =>
    server.db
      .selectFrom('notification_deliveries')
      .select(['subject', 'digest', 'next_attempt_at'])
      .where('recipient', '=', recipient)
      .orderBy('id')
      .execute();

  const mails = async (recipient: string) =>
    server.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('to_address', '=', recipient)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it("starts from a mail per warning and critical alert, and keeps each member's own choice", async () => {
    expect(await choices(viewerToken)).toEqual({ mailFrom: 'warning', mailDigest: false });
    const chosen = await server.api(
      'notificationChoices',
      viewerToken,
      { mailFrom: 'critical', mailDigest: true },
      'PUT',
    );
    expect(chosen).toEqual({ status: 200, body: { choices: { mailFrom: 'critical', mailDigest: true } } });
    expect(await choices(viewerToken)).toEqual({ mailFrom: 'critical', mailDigest: true });
    // One member's choice is theirs alone.
    expect(await choices(ownerToken)).toEqual({ mailFrom: 'warning', mailDigest: false });
  });

  it('mails each member what their choice takes, one by one or gathered into the next hour’s digest', async () => {
    await rule('Pressure high', 'warning', 5);
    await rule('Pressure very high', 'critical', 8);
    const start = Date.now() - 30 * MINUTE;
    // Up to 9 (both fire), down to 3 (both resolve).
    await push([9, 3], start);
    // The owner takes warnings and up, a mail each: four.
    expect((await queued(owner)).map(({ subject, digest }) => [subject, digest])).toEqual([
      ['[warning] Pressure high', false],
      ['[resolved] Pressure high', false],
      ['[critical] Pressure very high', false],
      ['[resolved] Pressure very high', false],
    ]);
    // The viewer takes critical alone, in the digest of the top of the next hour.
    const nextHour = Math.floor(Date.now() / HOUR) * HOUR + HOUR;
    const digest = await queued(viewer);
    expect(digest.map(({ subject, digest }) => [subject, digest])).toEqual([
      ['[critical] Pressure very high', true],
      ['[resolved] Pressure very high', true],
    ]);
    for (const mail of digest) expect(mail.next_attempt_at.getTime()).toBe(nextHour);

    // The viewer's invitation and sign-up mails went before.
    const earlier = (await mails(viewer)).length;
    expect(await deliverDue(server.db, server.mailer, { publicUrl: PUBLIC_URL })).toBe(4);
    expect((await mails(viewer)).slice(earlier)).toEqual([]);
    // At the top of the hour, both in one mail, oldest first, with the link once.
    expect(
      await deliverDue(server.db, server.mailer, { now: new Date(nextHour), publicUrl: PUBLIC_URL }),
    ).toBe(2);
    const [sent, ...more] = (await mails(viewer)).slice(earlier);
    expect(more).toEqual([]);
    expect(sent?.subject).toBe('2 alerts fired or resolved');
    expect(sent?.body).toBe(
      [
        'What the alerts did since the last mail, oldest first:',
        `[critical] Pressure very high\nThe alert rule "Pressure very high" fired.\nData point: Pump pressure\nAt: ${new Date(start).toISOString()}\nReading: 9`,
        `[resolved] Pressure very high\nThe alert of "Pressure very high" is resolved.\nData point: Pump pressure\nAt: ${new Date(start + MINUTE).toISOString()}\nReading: 3`,
        'See them, acknowledge them or snooze them: http://insights.test/control/logicbuilder',
      ].join('\n\n'),
    );
    // Sent once.
    expect(
      await deliverDue(server.db, server.mailer, { now: new Date(nextHour), publicUrl: PUBLIC_URL }),
    ).toBe(0);
  });

  it(`sends a member at most ${MAILS_AN_HOUR} mails an hour one by one: a storm's rest comes in the digest`, async () => {
    await server.api('notificationChoices', viewerToken, { mailFrom: 'none', mailDigest: false }, 'PUT');
    const before = (await queued(owner)).length;
    const start = Date.now() - 20 * MINUTE;
    // Three more times up and down: twelve changes, the owner's four mails of the last test counted in the hour.
    await push([9, 3, 9, 3, 9, 3], start);
    const storm = (await queued(owner)).slice(before);
    expect(storm).toHaveLength(12);
    expect(storm.filter((mail) => !mail.digest)).toHaveLength(MAILS_AN_HOUR - 4);
    // Mail about alerts keeps to its own share: the owner's codes and invitations still have all of theirs.
    expect(await deliverDue(server.db, server.mailer, { publicUrl: PUBLIC_URL })).toBe(MAILS_AN_HOUR - 4);
    expect(await server.mailer.hasRoomFor(owner)).toBe(true);
    // A member who chose no mail gets none, though the bell still tells them.
    expect((await queued(viewer)).length).toBe(2);
    const bell = await server.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { authorization: `Bearer ${viewerToken}` },
    });
    expect(bell.json().unread).toBe(16);
    // At the top of the hour, two processes deliver at once: the storm's rest goes as one digest, once.
    const nextHour = new Date(Math.floor(Date.now() / HOUR) * HOUR + HOUR);
    const earlier = (await mails(owner)).length;
    const sent = await Promise.all([
      deliverDue(server.db, server.mailer, { now: nextHour, publicUrl: PUBLIC_URL }),
      deliverDue(server.db, server.mailer, { now: nextHour, publicUrl: PUBLIC_URL }),
    ]);
    expect(sent[0] + sent[1]).toBe(12 - (MAILS_AN_HOUR - 4));
    expect((await mails(owner)).slice(earlier).map((mail) => mail.subject)).toEqual([
      `${12 - (MAILS_AN_HOUR - 4)} alerts fired or resolved`,
    ]);
  });

  it('does not take a choice made in another organisation the member once belonged to', async () => {
    const elsewhere = await server.memberOfNewOrganisation('other@choices.test', 'Elsewhere Ltd');
    await server.api('notificationChoices', viewerToken, { mailFrom: 'none', mailDigest: true }, 'PUT');
    // As if the viewer had chosen so while a member of the other organisation.
    await server.db
      .updateTable('notification_choices')
      .set({ organisation_id: elsewhere.organisationId })
      .where('organisation_id', '<>', elsewhere.organisationId)
      .execute();
    expect(await choices(viewerToken)).toEqual({ mailFrom: 'warning', mailDigest: false });
    const members = await new Recipients(server.db).of(organisationId);
    expect(members.find((member) => member.email === viewer)).toMatchObject({
      mailFrom: 'warning',
      mailDigest: false,
    });
    // Chosen again here, it is this organisation's.
    await server.api('notificationChoices', viewerToken, { mailFrom: 'critical', mailDigest: false }, 'PUT');
    expect(await choices(viewerToken)).toEqual({ mailFrom: 'critical', mailDigest: false });
  });
  it('sends a member a test of their alert mail when asked, five an hour', async () => {
    for (let test = 0; test < 5; test++) {
      expect(await server.api('notificationChoices/test', viewerToken, {})).toEqual({
        status: 200,
        body: { sentTo: viewer },
      });
    }
    const tests = (await mails(viewer)).filter((mail) => mail.subject === '[test] Your alert mail');
    expect(tests).toHaveLength(5);
    expect(tests[0]?.body).toContain('alerts reach you at this address');
    const sixth = await server.api('notificationChoices/test', viewerToken, {});
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('You have had 5 test mails within the hour; try again later.');
  });
});
