import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { gatewayOf } from './gateway.test-helper';
import { pumpRoom, ruleAbove } from './pump-room.test-helper';
import { deliverWebhooksDue } from './webhook-deliveries';
import { webhookReceiver } from './webhook-receiver.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const MINUTE = 60_000;

describeEachEngine('webhooks that alerts are posted to on %s', (engine) => {
  let server: Server;
  let token: string;
  let gateway: Awaited<ReturnType<typeof gatewayOf>>;
  let pump: number;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

  beforeAll(async () => {
    server = await startTestApp(engine, { runJobs: true });
    ({ token, pump } = await pumpRoom(server, 'owner@webhooks.test', 'Webhooks Ltd'));
    gateway = await gatewayOf(server, token);
    receiver = await webhookReceiver();
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  async function get(path: string) {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/${path}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json() };
  }

  const push = (readings: { ts: number; value: number }[]) =>
    gateway.push(readings.map((reading) => ({ dataPoint: pump, ...reading })));

  async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const channelFields = (url: string) => ({
    name: 'Operations chat',
    url,
    minSeverity: 'warning',
    enabled: true,
  });

  it('refuses an address that is not http(s), or that is Insights itself, and stores nothing', async () => {
    for (const [url, said] of [
      ['ftp://hooks.example.com/x', 'not ftp'],
      ['hooks.example.com/insights', 'a whole address'],
      ['http://insights.test/api/readings', 'Insights itself'],
      ['http://INSIGHTS.test./api/readings', 'Insights itself'],
      ['http://169.254.169.254/latest/meta-data/', 'link-local'],
      ['http://[fe80::1]/hook', 'link-local'],
      ['https://user:pass@hooks.example.com/', 'Leave the user name and password out'],
    ] as const) {
      const refused = await server.api('channel', token, channelFields(url));
      expect(refused.status, url).toBe(400);
      expect(refused.body.issues).toEqual([{ pointer: '/url', message: expect.stringContaining(said) }]);
    }
    expect((await get('channel')).body.channels).toEqual([]);
  });

  it('posts a test, and every firing and resolution of a rule of its severity, signed with the secret shown once', async () => {
    const made = await server.api('channel', token, channelFields(receiver.url));
    expect(made.status).toBe(200);
    expect(made.body.secret).toMatch(/^whsec_[\w-]{40,}$/);
    receiver.trust(made.body.secret);
    const listed = await get('channel');
    expect(listed.body.channels).toEqual([{ ...made.body.channel, failing: 0 }]);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.secret);

    const tested = await server.api(`channel/${made.body.channel.id}/test`, token, {});
    expect(tested.body).toEqual({ ok: true, status: 200, message: 'The receiver answered 200.' });
    expect(receiver.received.at(-1)).toMatchObject({ signed: true, body: { event: 'test' } });

    // An info rule is below the channel's severity; a critical one is posted.
    for (const [name, severity, value] of [
      ['Pressure high (info)', 'info', 5],
      ['Pressure high', 'critical', 6],
    ] as const) {
      await ruleAbove(server, token, pump, { name, severity, value, hysteresis: 0.5 });
    }
    const start = Date.now() - 30 * MINUTE;
    await push([{ ts: start, value: 7 }]);
    await push([{ ts: start + 5 * MINUTE, value: 3 }]);
    const posts = await until(
      () => receiver.received.filter((post) => post.body.event !== 'test'),
      (found) => found.length >= 2,
    );
    expect(posts.map((post) => post.body)).toEqual([
      {
        event: 'alert.firing',
        at: new Date(start).toISOString(),
        alert: expect.objectContaining({
          state: 'firing',
          severity: 'critical',
          rule: expect.objectContaining({ name: 'Pressure high' }),
          dataPoint: 'Pump pressure',
          value: 7,
          url: 'http://insights.test/control/logicbuilder',
        }),
      },
      expect.objectContaining({ event: 'alert.resolved', at: new Date(start + 5 * MINUTE).toISOString() }),
    ]);
    expect(posts.every((post) => post.signed)).toBe(true);
    // Each post names its delivery, so that a receiver can tell a repeat.
    expect(new Set(posts.map((post) => post.delivery)).size).toBe(2);
  });

  it('lists a post its receiver refused, with why, and posts it again when asked', async () => {
    receiver.answer(503);
    const before = receiver.received.length;
    const start = Date.now() - 20 * MINUTE;
    await push([{ ts: start, value: 8 }]);
    const failing = await until(
      () => get('channel/deliveries'),
      (answer) => answer.body.deliveries.length > 0,
    );
    expect(failing.body.deliveries).toEqual([
      expect.objectContaining({
        channelName: 'Operations chat',
        subject: '[critical] Pressure high',
        attempts: 1,
        error: 'The receiver answered 503.',
        nextAttemptAt: expect.any(String),
      }),
    ]);
    expect((await get('channel')).body.channels[0].failing).toBe(1);
    expect(receiver.received.length).toBe(before + 1);

    receiver.answer(200);
    const retried = await server.api(`channel/deliveries/${failing.body.deliveries[0].id}/retry`, token, {});
    expect(retried.status).toBe(200);
    // Out of the failed posts at once, and posted again by the delivery job.
    expect((await get('channel/deliveries')).body.deliveries).toEqual([]);
    await until(
      () => receiver.received.length,
      (count) => count === before + 2,
    );
    expect(receiver.received.at(-1)).toMatchObject({ signed: true, body: { event: 'alert.firing' } });
    // The retry is the same delivery, named as the refused post was.
    expect(receiver.received.at(-1)?.delivery).toBe(receiver.received.at(-2)?.delivery);
    expect((await get('channel')).body.channels[0].failing).toBe(0);
  });

  it("holds a switched-off webhook's failed posts, and says so when asked to post one again", async () => {
    receiver.answer(503);
    const before = receiver.received.length;
    await push([{ ts: Date.now() - 15 * MINUTE, value: 2 }]);
    const failing = await until(
      () => get('channel/deliveries'),
      (answer) => answer.body.deliveries.length > 0,
    );
    const [delivery] = failing.body.deliveries;
    const [channel] = (await get('channel')).body.channels;
    const fields = { ...channelFields(receiver.url), name: channel.name };
    await server.api(`channel/${channel.id}`, token, { ...fields, enabled: false }, 'PUT');
    receiver.answer(200);
    const refused = await server.api(`channel/deliveries/${delivery.id}/retry`, token, {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'The webhook "Operations chat" is switched off: switch it on to post again.',
    );
    // Due again or not, nothing is posted to it while it is off.
    await server.db
      .updateTable('notification_deliveries')
      .set({ next_attempt_at: new Date(0) })
      .execute();
    expect(await deliverWebhooksDue(server.db)).toBe(0);
    expect(receiver.received.length).toBe(before + 1);
    // On again, the post goes.
    await server.api(`channel/${channel.id}`, token, { ...fields, enabled: true }, 'PUT');
    expect((await server.api(`channel/deliveries/${delivery.id}/retry`, token, {})).status).toBe(200);
    await until(
      () => receiver.received.length,
      (count) => count === before + 2,
    );
    expect(receiver.received.at(-1)).toMatchObject({ signed: true, body: { event: 'alert.resolved' } });
  });

  it('changes and deletes a webhook: one switched off is posted nothing', async () => {
    const [channel] = (await get('channel')).body.channels;
    const off = await server.api(
      `channel/${channel.id}`,
      token,
      { ...channelFields(receiver.url), name: 'Ops chat', enabled: false },
      'PUT',
    );
    expect(off.body.channel).toMatchObject({ name: 'Ops chat', enabled: false });
    const before = receiver.received.length;
    const start = Date.now() - 10 * MINUTE;
    await push([{ ts: start, value: 3 }]);
    await push([{ ts: start + MINUTE, value: 9 }]);
    // The bell hears of both; the webhook of neither.
    await until(
      () => get('alerts'),
      (answer) => answer.body.alerts.some((alert: { state: string }) => alert.state === 'firing'),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.length).toBe(before);
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/channel/${channel.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.json()).toEqual({ deleted: channel.id });
    expect((await get('channel')).body.channels).toEqual([]);
  });
});
