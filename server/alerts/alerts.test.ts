import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { gatewayOf, type PushedReading } from './gateway.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

const MINUTE = 60_000;

describeEachEngine('alert rules, alerts and notifications on %s', (engine) => {
  let server: Server;
  let owner: Member;
  let viewer: { token: string; userId: string };
  let fridge: number;
  let meter: number;
  let boiler: number;
  let gateway: Awaited<ReturnType<typeof gatewayOf>>;

  beforeAll(async () => {
    server = await startTestApp(engine, { runJobs: true });
    owner = await server.memberOfNewOrganisation('owner@alerts.test', 'Alerts Ltd');
    const places = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Cold store');
    const added = await server.api('addDataPointsRef', owner.token, {
      dataPoints: [
        { entityId: places.roomId, name: 'Fridge', intent: 'temperature', unit: '°C', kind: 'instantaneous' },
        { entityId: places.roomId, name: 'Meter', intent: 'electricity', unit: 'kWh', kind: 'cumulative' },
        { entityId: places.roomId, name: 'Boiler', intent: 'temperature', unit: '°C', kind: 'instantaneous' },
      ],
    });
    [fridge, meter, boiler] = added.body.dataPoints.map((point: { id: number }) => point.id);
    gateway = await gatewayOf(server, owner.token);
    viewer = await server.invitedMember(owner.token, 'viewer@alerts.test', 'viewer');
  });
  afterAll(async () => server?.close());

  async function get(path: string, token: string) {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/${path}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json() };
  }

  const push = (readings: PushedReading[]) => gateway.push(readings);

  /** Waits for the job runner to have judged the pushed readings and sent what it decided. */
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const fridgeRule = {
    name: 'Fridge too warm',
    dataPointId: 0,
    condition: { kind: 'above', value: 8, hysteresis: 1, forMinutes: 30 },
    severity: 'critical',
    cooldownMinutes: 0,
    activeHours: null,
    enabled: true,
  };

  it('fires a rule on pushed readings once its condition has held, tells every member, and resolves it', async () => {
    const created = await server.api('thresholds', owner.token, { ...fridgeRule, dataPointId: fridge });
    expect(created.status).toBe(200);
    expect(created.body.rule).toMatchObject({
      name: 'Fridge too warm',
      dataPointName: 'Fridge',
      state: 'normal',
    });
    const start = Date.now() - 60 * MINUTE;
    const at = (minutes: number) => new Date(start + minutes * MINUTE).toISOString();
    // Warm for 15 minutes: pending, not yet firing.
    await push([
      { dataPoint: fridge, ts: at(0), value: 5 },
      { dataPoint: fridge, ts: at(15), value: 9 },
      { dataPoint: fridge, ts: at(30), value: 9.5 },
    ]);
    const pending = await until(
      () => get('alerts', owner.token),
      (answer) => answer.body.alerts.length > 0,
    );
    expect(pending.body.alerts).toMatchObject([{ state: 'pending', value: 9, ruleName: 'Fridge too warm' }]);
    // Still warm at 45 minutes: 30 minutes held, it fires.
    await push([{ dataPoint: fridge, ts: at(45), value: 8.5 }]);
    const firing = await until(
      () => get('alerts', owner.token),
      (answer) => answer.body.alerts[0]?.state === 'firing',
    );
    expect(firing.body.alerts[0]).toMatchObject({ state: 'firing', firedAt: at(45), severity: 'critical' });
    const bell = await until(
      () => get('notifications', viewer.token),
      (answer) => answer.body.unread > 0,
    );
    expect(bell.body).toMatchObject({
      unread: 1,
      notifications: [{ title: 'Fridge too warm', state: 'firing' }],
    });
    // Critical: mailed to both members, once each, through the mail outbox.
    const mails = await until(
      () =>
        server.db
          .selectFrom('outbox')
          .select(['to_address', 'subject', 'body'])
          .where('subject', 'like', '%Fridge%')
          .execute(),
      (rows) => rows.length >= 2,
    );
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(['owner@alerts.test', 'viewer@alerts.test']);
    expect(mails[0]?.subject).toBe('[critical] Fridge too warm');
    expect(mails[0]?.body).toContain('Data point: Fridge');

    // 7.5 is under 8 but within the hysteresis: still firing. 6.9 resolves it.
    await push([{ dataPoint: fridge, ts: at(50), value: 7.5 }]);
    await push([{ dataPoint: fridge, ts: at(55), value: 6.9 }]);
    const resolved = await until(
      () => get('alerts?state=all', owner.token),
      (answer) => answer.body.alerts[0]?.state === 'resolved',
    );
    expect(resolved.body.alerts[0]).toMatchObject({ state: 'resolved', resolvedAt: at(55) });
    expect(resolved.body.alerts[0].events.map((event: { kind: string }) => event.kind)).toEqual([
      'pending',
      'firing',
      'resolved',
    ]);
    expect((await get('alerts', owner.token)).body.alerts).toEqual([]);
    expect((await get('thresholds', viewer.token)).body.rules).toMatchObject([{ state: 'normal' }]);
  });

  it('lets every member acknowledge, snooze and comment on an alert, kept in its history by name', async () => {
    const rule = await server.api('thresholds', owner.token, {
      ...fridgeRule,
      name: 'Meter running',
      dataPointId: meter,
      condition: { kind: 'above', value: 2, hysteresis: 0, forMinutes: 0 },
      severity: 'info',
    });
    expect(rule.status).toBe(200);
    const start = Date.now() - 30 * MINUTE;
    await push([
      { dataPoint: meter, ts: new Date(start).toISOString(), value: 100 },
      { dataPoint: meter, ts: new Date(start + 15 * MINUTE).toISOString(), value: 105 },
    ]);
    const open = await until(
      () => get(`alerts?dataPointId=${meter}`, viewer.token),
      (answer) => answer.body.alerts[0]?.state === 'firing',
    );
    // A cumulative register is judged on the use each reading adds: 5 kWh.
    expect(open.body.alerts[0]).toMatchObject({ value: 5, severity: 'info' });
    const id = open.body.alerts[0].id;
    expect((await server.api(`alerts/${id}/acknowledge`, viewer.token, {})).body.alert).toMatchObject({
      acknowledgedBy: 'viewer@alerts.test',
    });
    expect((await server.api(`alerts/${id}/snooze`, viewer.token, { minutes: 60 })).status).toBe(200);
    const commented = await server.api(`alerts/${id}/comments`, owner.token, { text: '  Night shift.  ' });
    expect(
      commented.body.alert.events.map((event: { kind: string; text: string | null }) => [
        event.kind,
        event.text,
      ]),
    ).toEqual([
      ['pending', null],
      ['firing', null],
      ['acknowledged', null],
      ['snoozed', expect.stringMatching(/^until /)],
      ['comment', 'Night shift.'],
    ]);
    // Info alerts are shown in the app, not mailed.
    expect(
      await server.db.selectFrom('outbox').select('id').where('subject', 'like', '%Meter running%').execute(),
    ).toEqual([]);
    const blank = await server.api(`alerts/${id}/comments`, owner.token, { text: '   ' });
    expect(blank).toMatchObject({ status: 400, body: { issues: [{ pointer: '/text' }] } });
  });

  it('marks notifications read, the named ones or all, and refuses one of somebody else', async () => {
    const before = await get('notifications', owner.token);
    expect(before.body.unread).toBeGreaterThan(0);
    const first = before.body.notifications[0].id;
    const theirs = (await get('notifications', viewer.token)).body.notifications[0].id;
    const refused = await server.api('notifications/read', owner.token, { ids: [theirs] });
    expect(refused.status).toBe(404);
    expect((await server.api('notifications/read', owner.token, { ids: [first] })).body.unread).toBe(
      before.body.unread - 1,
    );
    expect((await server.api('notifications/read', owner.token, {})).body).toEqual({ unread: 0 });
    expect((await get('notifications', viewer.token)).body.unread).toBeGreaterThan(0);
  });

  it('refuses a rule on a point of another organisation, and lets a viewer only read rules', async () => {
    const other = await server.memberOfNewOrganisation('owner@other-alerts.test', 'Other');
    const refused = await server.api('thresholds', other.token, { ...fridgeRule, dataPointId: fridge });
    expect(refused).toMatchObject({
      status: 404,
      body: { message: `There is no data point ${fridge} in your organisation.` },
    });
    expect(
      (await server.api('thresholds', viewer.token, { ...fridgeRule, dataPointId: fridge })).status,
    ).toBe(403);
    const unnamed = await server.api('thresholds', owner.token, {
      ...fridgeRule,
      name: '  ',
      dataPointId: fridge,
    });
    expect(unnamed).toMatchObject({ status: 400, body: { issues: [{ pointer: '/name' }] } });
    expect(await server.db.selectFrom('alert_rules').select('id').where('name', '=', '  ').execute()).toEqual(
      [],
    );
  });

  it('changes a rule, closing its open alert, and deletes it with its alerts', async () => {
    const { rules } = (await get('thresholds', owner.token)).body;
    const running = rules.find((rule: { name: string }) => rule.name === 'Meter running');
    expect(running.state).toBe('firing');
    const changed = await server.api(
      `thresholds/${running.id}`,
      owner.token,
      {
        ...fridgeRule,
        name: 'Meter running',
        dataPointId: meter,
        condition: { kind: 'above', value: 50, hysteresis: 0, forMinutes: 0 },
      },
      'PUT',
    );
    expect(changed.body.rule).toMatchObject({ state: 'normal', condition: { value: 50 } });
    const closed = (await get(`alerts?state=all&dataPointId=${meter}`, owner.token)).body.alerts[0];
    expect(closed).toMatchObject({ state: 'resolved' });
    expect(closed.events.at(-1)).toMatchObject({ kind: 'resolved', text: 'The rule was changed.' });
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/thresholds/${running.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(deleted.json()).toEqual({ deleted: running.id });
    expect((await get(`alerts?state=all&dataPointId=${meter}`, owner.token)).body.alerts).toEqual([]);
  });

  it('replays a rule over stored readings with the firings the live evaluation found in them', async () => {
    const rule = {
      ...fridgeRule,
      name: 'Boiler hot',
      dataPointId: boiler,
      condition: { kind: 'above', value: 70, hysteresis: 5, forMinutes: 30 },
      cooldownMinutes: 60,
    };
    expect((await server.api('thresholds', owner.token, rule)).status).toBe(200);
    const start = Date.now() - 20 * 60 * MINUTE;
    // Twenty hours of quarter-hours, hot spells of different lengths, written in batches as a gateway sends them.
    const values = Array.from({ length: 80 }, (_, index) =>
      index % 17 < 5 + (index % 3) ? 75 + (index % 4) : 60 + (index % 9),
    );
    const readings = values.map((value, index) => ({
      dataPoint: boiler,
      ts: new Date(start + index * 15 * MINUTE).toISOString(),
      value,
    }));
    for (let at = 0; at < readings.length; at += 7) await push(readings.slice(at, at + 7));
    // Judged up to the last reading written.
    await until(
      () =>
        server.db
          .selectFrom('rule_points')
          .select('judged_through')
          .where('data_point_id', '=', boiler)
          .executeTakeFirstOrThrow(),
      (row) => row.judged_through.getTime() >= Date.parse(readings.at(-1)?.ts as string),
    );
    const alerts = (await get(`alerts?state=all&dataPointId=${boiler}`, owner.token)).body.alerts as {
      firedAt: string | null;
      resolvedAt: string | null;
    }[];
    const fired = alerts
      .filter((alert) => alert.firedAt !== null)
      .map((alert) => ({ firedAt: alert.firedAt, resolvedAt: alert.resolvedAt }))
      .reverse();
    expect(fired.length).toBeGreaterThan(1);
    const { name: _name, ...unnamed } = rule;
    const replay = await server.api('thresholds/replay', owner.token, { ...unnamed, days: 1 });
    expect(replay.status).toBe(200);
    expect(replay.body.readings).toBe(readings.length);
    expect(replay.body.fired).toBe(fired.length);
    expect(
      replay.body.firings.map(({ firedAt, resolvedAt }: { firedAt: string; resolvedAt: string | null }) => ({
        firedAt,
        resolvedAt,
      })),
    ).toEqual(fired);
    // Nothing is stored by a replay.
    expect((await get(`alerts?state=all&dataPointId=${boiler}`, owner.token)).body.alerts).toHaveLength(
      alerts.length,
    );
  });
});
