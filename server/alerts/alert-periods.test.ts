import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { evaluateRules } from './evaluate-rules';
import { gatewayOf } from './gateway.test-helper';
import { ruleAbove } from './pump-room.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Alerts where people look at their data: marked on a chart's period, and listed on a place's page. */
describeEachEngine("alerts on a chart's period and a place's page on %s", (engine) => {
  let server: Server;
  let token: string;
  let pump: number;
  let fan: number;
  let pumpSite: number;
  let fanSite: number;
  const start = Date.now() - 3 * 60 * MINUTE;

  beforeAll(async () => {
    server = await startTestApp(engine);
    const owner = await server.memberOfNewOrganisation('owner@periods.test', 'Periods Ltd');
    token = owner.token;
    const north = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'North');
    const south = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'South');
    pumpSite = north.siteId;
    fanSite = south.siteId;
    const added = await server.api('addDataPointsRef', token, {
      dataPoints: [
        {
          entityId: north.roomId,
          name: 'Pump pressure',
          intent: 'other',
          unit: 'bar',
          kind: 'instantaneous',
        },
        { entityId: south.roomId, name: 'Fan speed', intent: 'other', unit: 'rpm', kind: 'instantaneous' },
      ],
    });
    [pump, fan] = added.body.dataPoints.map((point: { id: number }) => point.id);
    for (const [dataPointId, name] of [
      [pump, 'Pump pressure high'],
      [fan, 'Fan too fast'],
    ] as const) {
      await ruleAbove(server, token, dataPointId, { name, severity: 'warning', value: 5 });
    }
    // The pump fires at +10 min and resolves at +40; fires again at +100 and still fires. The fan fires at +20.
    const readings = [
      [pump, 10, 7],
      [pump, 40, 2],
      [pump, 100, 8],
      [fan, 20, 9],
    ] as const;
    const gateway = await gatewayOf(server, token);
    await gateway.push(
      readings.map(([dataPoint, minutes, value]) => ({ dataPoint, ts: start + minutes * MINUTE, value })),
    );
    await evaluateRules(server.db, { now: new Date(), publicUrl: 'http://insights.test' });
  });
  afterAll(async () => server?.close());

  const periods = (dataPointIds: number[], fromMinutes: number, toMinutes: number) =>
    server.api('alerts/periods', token, {
      dataPointIds,
      from: iso(start + fromMinutes * MINUTE),
      to: iso(start + toMinutes * MINUTE),
    });

  it('marks each firing of the points asked for that overlaps the period, oldest first', async () => {
    const all = await periods([pump, fan], 0, 180);
    expect(
      all.body.alerts.map((alert: { ruleName: string; firedAt: string; resolvedAt: string | null }) => [
        alert.ruleName,
        alert.firedAt,
        alert.resolvedAt,
      ]),
    ).toEqual([
      ['Pump pressure high', iso(start + 10 * MINUTE), iso(start + 40 * MINUTE)],
      ['Fan too fast', iso(start + 20 * MINUTE), null],
      ['Pump pressure high', iso(start + 100 * MINUTE), null],
    ]);
    // A period after the first firing resolved and before the second: the fan's alone, the pump's only point.
    expect(
      (await periods([pump, fan], 45, 90)).body.alerts.map((alert: { ruleName: string }) => alert.ruleName),
    ).toEqual(['Fan too fast']);
    expect((await periods([pump], 45, 90)).body.alerts).toEqual([]);
    // Ends as the first begins: [from, to) holds none of it.
    expect((await periods([pump], 0, 10)).body.alerts).toEqual([]);
  });

  it('refuses a period that ends before it starts, at its pointer', async () => {
    const backwards = await periods([pump], 60, 30);
    expect(backwards.status).toBe(400);
    expect(backwards.body.issues).toEqual([
      { pointer: '/to', message: expect.stringContaining('before it starts') },
    ]);
  });

  it("lists a place's alerts: those of the rules on its points and on those of the places under it", async () => {
    const listed = async (entityId: number) => {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/alerts?state=all&entityId=${entityId}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      return response.json().alerts.map((alert: { ruleName: string }) => alert.ruleName);
    };
    expect(await listed(pumpSite)).toEqual(['Pump pressure high', 'Pump pressure high']);
    expect(await listed(fanSite)).toEqual(['Fan too fast']);
  });
});
