import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/generated/api-types';
import { evaluateRulesJob } from '../alerts/alert-jobs';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import type { Member } from '../tenant-fixtures.test-helper';
import { startTestApp } from '../test-app';
import { openEventStream } from './event-stream-reader.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

describeEachEngine('live streams on %s', (engine) => {
  let server: Server;
  let address: string;
  let a: Member;
  let b: Member;
  let thermometer: number;
  let meter: number;
  let pointOfB: number;
  let keyA: string;

  beforeAll(async () => {
    server = await startTestApp(engine);
    // Streams are real HTTP: a caller that goes must free its place.
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    address = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    a = await server.memberOfNewOrganisation('a@live.test', 'Live A');
    b = await server.memberOfNewOrganisation('b@live.test', 'Live B');
    const placesA = await siteWithRoom(server.db, a.organisationId, 'Europe/London');
    const placesB = await siteWithRoom(server.db, b.organisationId, 'Europe/Berlin');
    const pointsA = await server.api('addDataPointsRef', a.token, {
      dataPoints: [
        { entityId: placesA.roomId, name: 'Room', intent: 'temperature', unit: '°C', kind: 'instantaneous' },
        { entityId: placesA.roomId, name: 'Meter', intent: 'electricity', unit: 'kWh', kind: 'cumulative' },
      ],
    });
    [thermometer, meter] = pointsA.body.dataPoints.map((point: { id: number }) => point.id);
    const pointsB = await server.api('addDataPointsRef', b.token, {
      dataPoints: [
        { entityId: placesB.roomId, name: 'Room', intent: 'temperature', unit: '°C', kind: 'instantaneous' },
      ],
    });
    pointOfB = pointsB.body.dataPoints[0].id;
    keyA = (await server.api('restApi', a.token, { name: 'Gateway' })).body.secret;
    await push(keyA, [{ dataPoint: thermometer, ts: '2026-11-30T10:00:00Z', value: 20.5 }]);
  });
  afterAll(async () => {
    // Node's fetch opens a spare connection after an aborted stream and never sends on it; the server would
    // wait a minute for its first request before closing.
    server?.app.server.closeAllConnections();
    await server?.close();
  });

  async function push(key: string, readings: { dataPoint: number; ts: string; value: number }[]) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/readings',
      headers: { authorization: `ApiKey ${key}` },
      payload: { readings },
    });
    expect(response.statusCode).toBe(200);
  }

  const open = (token: string, dataPointIds: number[]) =>
    openEventStream<LiveEvent>(`${address}/api/live`, token, { dataPointIds });

  it('starts with the latest reading of each point, and tells a REST push within a moment', async () => {
    const stream = await open(a.token, [thermometer, meter]);
    try {
      expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
      // The meter has no reading yet: only the thermometer's is in the snapshot.
      expect(await stream.next()).toEqual({
        kind: 'snapshot',
        readings: [{ dataPointId: thermometer, time: '2026-11-30T10:00:00.000Z', value: 20.5 }],
      });
      const pushed = Date.now();
      await push(keyA, [
        { dataPoint: thermometer, ts: '2026-11-30T10:15:00Z', value: 21.25 },
        { dataPoint: thermometer, ts: '2026-11-30T10:05:00Z', value: 20.75 },
      ]);
      expect(await stream.next()).toEqual({
        kind: 'readings',
        readings: [{ dataPointId: thermometer, time: '2026-11-30T10:15:00.000Z', value: 21.25 }],
      });
      expect(Date.now() - pushed).toBeLessThan(2_000);
    } finally {
      stream.close();
    }
  });

  it("tells a stream only of its own points, never of another organisation's", async () => {
    const ofA = await open(a.token, [meter]);
    const ofB = await open(b.token, [pointOfB]);
    try {
      await ofA.next();
      await ofB.next();
      await push(keyA, [{ dataPoint: thermometer, ts: '2026-11-30T10:30:00Z', value: 22 }]);
      await push(keyA, [{ dataPoint: meter, ts: '2026-11-30T10:30:00Z', value: 1000 }]);
      // A's stream hears of its meter (not of the thermometer it did not ask for); B's hears of nothing.
      expect(await ofA.next()).toEqual({
        kind: 'readings',
        readings: [{ dataPointId: meter, time: '2026-11-30T10:30:00.000Z', value: 1000 }],
      });
      expect(await ofB.nextWithin(500)).toBeUndefined();
    } finally {
      ofA.close();
      ofB.close();
    }
  });

  it("refuses another organisation's point as no point at all, before any stream opens", async () => {
    const refused = await fetch(`${address}/api/live`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ dataPointIds: [thermometer, pointOfB] }),
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ message: expect.stringContaining(`data point ${pointOfB}`) });
  });

  it("tells the organisation's streams when its rules notified its members, after the run commits", async () => {
    await server.api('thresholds', a.token, {
      name: 'Too warm',
      dataPointId: thermometer,
      condition: { kind: 'above', value: 25, hysteresis: 0, forMinutes: 0 },
      severity: 'warning',
      cooldownMinutes: 0,
      activeHours: null,
      enabled: true,
    });
    const ofA = await open(a.token, []);
    const ofB = await open(b.token, []);
    try {
      await ofA.next();
      await ofB.next();
      await push(keyA, [{ dataPoint: thermometer, ts: new Date().toISOString(), value: 30 }]);
      // The rules' job, as the runner runs it after a write to a watched point.
      const job = evaluateRulesJob(server.db, 'http://insights.test', async () => {});
      await job.run({}, { signal: new AbortController().signal, log: () => {} });
      expect(await ofA.next()).toEqual({ kind: 'notifications', readings: [] });
      expect(await ofB.nextWithin(500)).toBeUndefined();
    } finally {
      ofA.close();
      ofB.close();
    }
  });

  it('lets go of a stream whose caller went', async () => {
    // The earlier tests' streams, closed by their callers, are let go of first.
    await expect.poll(() => server.app.live.size).toBe(0);
    const stream = await open(a.token, [thermometer]);
    await stream.next();
    expect(server.app.live.size).toBe(1);
    stream.close();
    await expect.poll(() => server.app.live.size).toBe(0);
  });
});
