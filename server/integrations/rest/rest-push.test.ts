import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteWithRoom } from '../../datapoints/test-places.test-helper';
import { describeEachEngine } from '../../db/test-database';
import { recordReadingsWritten } from '../../readings/readings-written.test-helper';
import { startTestApp } from '../../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;

function firstDifference<T>(actual: T[], expected: T[]) {
  const index = actual.findIndex((row, at) => !isDeepStrictEqual(row, expected[at]));
  return index < 0 ? undefined : { index, actual: actual[index], expected: expected[index] };
}
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

describeEachEngine('pushing readings over REST on %s', (engine) => {
  let server: Server;
  let a: Member;
  let b: Member;
  let meterId: number;
  let fridgeId: number;
  let roomA: number;
  let keyA: { id: number; secret: string };
  let keyB: { id: number; secret: string };

  beforeAll(async () => {
    server = await startTestApp(engine);
    a = await server.memberOfNewOrganisation('a@push.test', 'Push A');
    b = await server.memberOfNewOrganisation('b@push.test', 'Push B');
    const placesA = await siteWithRoom(server.db, a.organisationId, 'Europe/London');
    const placesB = await siteWithRoom(server.db, b.organisationId, 'Europe/Berlin');
    roomA = placesA.roomId;
    const added = await server.api('addDataPointsRef', a.token, {
      dataPoints: [
        {
          entityId: placesA.roomId,
          name: 'Main meter',
          intent: 'electricity',
          unit: 'kWh',
          kind: 'cumulative',
        },
        {
          entityId: placesA.roomId,
          name: 'Fridge',
          intent: 'temperature',
          unit: '°C',
          kind: 'instantaneous',
          source: 'mqtt',
        },
      ],
    });
    [meterId, fridgeId] = added.body.dataPoints.map((point: { id: number }) => point.id);
    // B has a point of the same name: names resolve within the key's organisation only.
    await server.api('addDataPointsRef', b.token, {
      dataPoints: [
        {
          entityId: placesB.siteId,
          name: 'Main meter',
          intent: 'electricity',
          unit: 'kWh',
          kind: 'cumulative',
        },
      ],
    });
    keyA = await createKey(a.token, 'Gateway A');
    keyB = await createKey(b.token, 'Gateway B');
  });
  afterAll(async () => server?.close());

  async function createKey(token: string, name: string) {
    const created = await server.api('restApi', token, { name });
    return { id: created.body.apiKey.id as number, secret: created.body.secret as string };
  }

  async function push(headers: Record<string, string>, payload: unknown) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/readings',
      headers,
      payload: payload as object,
    });
    return { status: response.statusCode, body: response.json() };
  }
  const withKey = (secret: string) => ({ authorization: `ApiKey ${secret}` });

  async function storedReadings(pointId: number) {
    const { rows } = await sql<{ ts: Date; value: number; delta: number | null; quality: number }>`
      select ts, value, delta, quality from readings where data_point_id = ${pointId} order by ts`.execute(
      server.db,
    );
    return rows.map((row) => ({ ...row, ts: row.ts.toISOString() }));
  }

  it('creates a key whose secret is shown once and stored only as a hash', async () => {
    expect(keyA.secret).toMatch(/^ins_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    const row = await server.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', keyA.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash('sha256').update(keyA.secret).digest('hex'));
    expect(row.prefix).toBe(keyA.secret.slice(0, 12));
    expect(JSON.stringify(row)).not.toContain(keyA.secret.slice(13));

    const listed = await server.app.inject({
      method: 'GET',
      url: '/api/restApi',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().keys).toEqual([
      {
        id: keyA.id,
        name: 'Gateway A',
        prefix: row.prefix,
        createdAt: expect.any(String),
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    expect(listed.body).not.toContain(keyA.secret.slice(13));
  });

  it('stores a valid batch for several points in one go, by name or id, and notes the key was used', async () => {
    const recorded = recordReadingsWritten();
    const response = await push(withKey(keyA.secret), {
      readings: [
        { dataPoint: 'Main meter', ts: '2025-06-01T00:00:00Z', value: 100 },
        { dataPoint: meterId, ts: '2025-06-01T01:15:00+01:00', value: 104.5, quality: 'estimated' },
        { dataPoint: String(fridgeId), ts: Date.parse('2025-06-01T00:00:00Z'), value: 4.2 },
      ],
    });
    expect(response).toEqual({
      status: 200,
      body: {
        accepted: 3,
        dataPoints: [
          { id: meterId, name: 'Main meter', accepted: 2 },
          { id: fridgeId, name: 'Fridge', accepted: 1 },
        ],
      },
    });
    recorded.stop();
    // The push went through the one readings writer, as one write.
    expect(recorded.writes).toEqual([{ source: 'rest', written: 3, pointIds: [meterId, fridgeId] }]);
    expect(await storedReadings(meterId)).toEqual([
      { ts: '2025-06-01T00:00:00.000Z', value: 100, delta: 4.5, quality: 0 },
      { ts: '2025-06-01T00:15:00.000Z', value: 104.5, delta: null, quality: 1 },
    ]);
    // An instantaneous point keeps no deltas.
    expect(await storedReadings(fridgeId)).toEqual([
      { ts: '2025-06-01T00:00:00.000Z', value: 4.2, delta: null, quality: 0 },
    ]);
    const points = await server.db
      .selectFrom('data_points')
      .select(['id', 'source', 'last_value'])
      .where('id', 'in', [meterId, fridgeId])
      .orderBy('id')
      .execute();
    // Hand-made points are now fed over REST; one fed over MQTT keeps its source.
    expect(points).toEqual([
      { id: meterId, source: 'rest', last_value: 104.5 },
      { id: fridgeId, source: 'mqtt', last_value: 4.2 },
    ]);
    const key = await server.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', keyA.id)
      .executeTakeFirstOrThrow();
    expect(key.last_used_at).toBeInstanceOf(Date);
  });

  // Bodies in the usual shape are read into columns directly (readings-body.ts); others go through JSON.parse.
  it('stores the same whether the body is written plainly or in a shape only JSON.parse reads', async () => {
    const plain = `{"readings":[{"dataPoint":"Main meter","ts":"2025-06-01T00:30:00Z","value":200},
      {"ts":1748738700000,"value":2.05e2,"dataPoint":${meterId}}]}`;
    // The same readings with an escaped name, a repeated field (the last counts) and a byte-order mark.
    const unusual = `\uFEFF{"readings":[{"dataPoint":"Main\\u0020meter","ts":"2025-06-01T01:00:00Z","value":1,"value":210},
      {"ts":1748740500000,"value":2.15e2,"dataPoint":${meterId}}]}`;
    const answers = [];
    for (const payload of [plain, unusual]) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/readings',
        headers: { ...withKey(keyA.secret), 'content-type': 'application/json' },
        payload,
      });
      answers.push({ status: response.statusCode, body: response.json() });
    }
    const accepted = { accepted: 2, dataPoints: [{ id: meterId, name: 'Main meter', accepted: 2 }] };
    expect(answers).toEqual([
      { status: 200, body: accepted },
      { status: 200, body: accepted },
    ]);
    // Right after the readings of the test before, so no gap in the readings makes a step to review.
    const pushed = (await storedReadings(meterId)).filter(({ ts }) => ts >= '2025-06-01T00:30');
    expect(pushed).toEqual([
      { ts: '2025-06-01T00:30:00.000Z', value: 200, delta: 5, quality: 0 },
      { ts: '2025-06-01T00:45:00.000Z', value: 205, delta: 5, quality: 0 },
      { ts: '2025-06-01T01:00:00.000Z', value: 210, delta: 5, quality: 0 },
      { ts: '2025-06-01T01:15:00.000Z', value: 215, delta: null, quality: 0 },
    ]);
  });

  it('says which readings repeated an instant of the same point in one push, and keeps the last of each', async () => {
    const added = await server.api('addDataPointsRef', a.token, {
      dataPoints: [
        { entityId: roomA, name: 'Boiler flow', intent: 'temperature', unit: '°C', kind: 'instantaneous' },
      ],
    });
    const boilerId = added.body.dataPoints[0].id as number;
    const response = await push(withKey(keyA.secret), {
      readings: [
        { dataPoint: boilerId, ts: '2025-07-01T00:00:00Z', value: 4 },
        { dataPoint: boilerId, ts: '2025-07-01T00:15:00Z', value: 5 },
        { dataPoint: boilerId, ts: '2025-07-01T00:00:00Z', value: 6 },
        // The same instant for another point is no repeat (its value as stored, so its register stays plausible).
        { dataPoint: meterId, ts: '2025-06-01T00:30:00Z', value: 200 },
        { dataPoint: boilerId, ts: '2025-07-01T00:00:00Z', value: 7 },
      ],
    });
    expect(response).toEqual({
      status: 200,
      body: {
        accepted: 3,
        dataPoints: [
          { id: boilerId, name: 'Boiler flow', accepted: 2 },
          { id: meterId, name: 'Main meter', accepted: 1 },
        ],
        repeatedInstants: {
          count: 2,
          kept: 'last',
          first: [
            { reading: 2, sameInstantAs: 0 },
            { reading: 4, sameInstantAs: 0 },
          ],
          message:
            '2 readings repeat an instant sent earlier in this push for the same data point; the last value sent for each instant was kept.',
        },
      },
    });
    const july = (await storedReadings(boilerId)).filter((row) => row.ts.startsWith('2025-07'));
    expect(july.map((row) => [row.ts, row.value])).toEqual([
      ['2025-07-01T00:00:00.000Z', 7],
      ['2025-07-01T00:15:00.000Z', 5],
    ]);
  });

  it('accepts the key as X-Api-Key too', async () => {
    const response = await push(
      { 'x-api-key': keyA.secret },
      { readings: [{ dataPoint: 'Fridge', ts: '2025-06-01T00:05:00Z', value: 4.4 }] },
    );
    expect(response).toEqual({
      status: 200,
      body: { accepted: 1, dataPoints: [{ id: fridgeId, name: 'Fridge', accepted: 1 }] },
    });
    expect(await storedReadings(fridgeId)).toEqual([
      { ts: '2025-06-01T00:00:00.000Z', value: 4.2, delta: null, quality: 0 },
      { ts: '2025-06-01T00:05:00.000Z', value: 4.4, delta: null, quality: 0 },
    ]);
  });

  it('stores nothing when any reading is wrong, and lists each problem by its place', async () => {
    const before = await storedReadings(meterId);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/readings',
      headers: { ...withKey(keyA.secret), 'content-type': 'application/json' },
      payload: `{"readings":[
        {"dataPoint":"Main meter","ts":"2025-06-02T00:00:00Z","value":110},
        {"dataPoint":"No such meter","ts":"2025-06-02T00:15:00Z","value":111},
        {"dataPoint":"Main meter","ts":"2025-06-02T00:30:00","value":112},
        {"dataPoint":"Main meter","ts":1748822400,"value":113}
      ]}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { pointer: '/readings/1/dataPoint', message: 'no data point "No such meter" in your organisation' },
      {
        pointer: '/readings/2/ts',
        message:
          '"2025-06-02T00:30:00" is not RFC 3339 with a zone offset (e.g. 2024-03-31T01:15:00Z) or epoch milliseconds',
      },
      {
        pointer: '/readings/3/ts',
        message: 'is more than 50 years from now; it looks like seconds, send epoch milliseconds',
      },
    ]);
    expect(response.json().message).toContain(
      '/readings/1/dataPoint: no data point "No such meter" in your organisation',
    );
    expect(await storedReadings(meterId)).toEqual(before);
  });

  it('refuses values that are not finite numbers before looking at anything else', async () => {
    const before = await storedReadings(meterId);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/readings',
      headers: { ...withKey(keyA.secret), 'content-type': 'application/json' },
      // Written by hand: 1e999 is valid JSON that parses as Infinity.
      payload: `{"readings":[
        {"dataPoint":"Main meter","ts":"2025-06-02T00:00:00Z","value":"NaN"},
        {"dataPoint":"Main meter","ts":"2025-06-02T00:15:00Z"},
        {"dataPoint":"Main meter","ts":"2025-06-02T00:30:00Z","value":1e999},
        {"dataPoint":"Main meter","ts":"2025-06-02T00:45:00Z","value":12}
      ]}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { pointer: '/readings/0/value', message: 'must be a number' },
      { pointer: '/readings/1/value', message: 'is required' },
      { pointer: '/readings/2/value', message: 'must be a number' },
    ]);
    expect(await storedReadings(meterId)).toEqual(before);
  });

  it('says in one sentence what a data point or an instant of the wrong kind must be', async () => {
    const before = await storedReadings(meterId);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/readings',
      headers: { ...withKey(keyA.secret), 'content-type': 'application/json' },
      payload: {
        readings: [
          { dataPoint: true, ts: '2025-06-02T00:00:00Z', value: 1 },
          { dataPoint: 'Main meter', ts: null, value: 2 },
          { dataPoint: '', ts: 1_748_822_400_000, value: 3 },
          { dataPoint: 1.5, ts: 1_748_822_400_000, value: 4 },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { pointer: '/readings/0/dataPoint', message: 'must be an integer or a string' },
      { pointer: '/readings/1/ts', message: 'must be a number or a string' },
      { pointer: '/readings/2/dataPoint', message: 'must not be empty' },
      { pointer: '/readings/3/dataPoint', message: 'must be an integer or a string' },
    ]);
    expect(await storedReadings(meterId)).toEqual(before);
  });

  it('answers an instant of 100 000 characters with a 400 that quotes its start', async () => {
    const response = await push(withKey(keyA.secret), {
      readings: [{ dataPoint: 'Main meter', ts: '9'.repeat(100_000), value: 1 }],
    });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      {
        pointer: '/readings/0/ts',
        message: `"${'9'.repeat(40)}" is not RFC 3339 with a zone offset (e.g. 2024-03-31T01:15:00Z) or epoch milliseconds`,
      },
    ]);
  });

  it("never lets one organisation's key write another's points, by id or by name", async () => {
    const beforeA = await storedReadings(meterId);
    const byId = await push(withKey(keyB.secret), {
      readings: [{ dataPoint: meterId, ts: '2025-06-03T00:00:00Z', value: 1 }],
    });
    expect(byId.status).toBe(400);
    expect(byId.body.issues).toEqual([
      { pointer: '/readings/0/dataPoint', message: `no data point ${meterId} in your organisation` },
    ]);
    // The same name in B is B's own point, never A's.
    const byName = await push(withKey(keyB.secret), {
      readings: [{ dataPoint: 'Main meter', ts: '2025-06-03T00:00:00Z', value: 1 }],
    });
    expect(byName.status).toBe(200);
    const pointOfB = byName.body.dataPoints[0].id;
    expect(pointOfB).not.toBe(meterId);
    expect(await storedReadings(pointOfB)).toEqual([
      { ts: '2025-06-03T00:00:00.000Z', value: 1, delta: null, quality: 0 },
    ]);
    const owner = await server.db
      .selectFrom('data_points')
      .select('organisation_id')
      .where('id', '=', pointOfB)
      .executeTakeFirstOrThrow();
    expect(owner.organisation_id).toBe(b.organisationId);
    expect(await storedReadings(meterId)).toEqual(beforeA);
  });

  it('refuses a missing, unknown or revoked key with 401 and says which', async () => {
    const body = { readings: [{ dataPoint: 'Main meter', ts: '2025-06-04T00:00:00Z', value: 1 }] };
    expect(await push({}, body)).toEqual({
      status: 401,
      body: { message: 'Send an API key as "Authorization: ApiKey <key>" or "X-Api-Key: <key>".' },
    });
    expect((await push(withKey(`${keyA.secret}x`), body)).body.message).toBe(
      'This API key is not valid; check it was copied whole, or create a new one.',
    );
    // A user's session token is not an API key.
    expect((await push({ authorization: `Bearer ${a.token}` }, body)).status).toBe(401);

    const doomed = await createKey(a.token, 'Old gateway');
    expect((await push(withKey(doomed.secret), body)).status).toBe(200);
    const revoked = await server.app.inject({
      method: 'DELETE',
      url: `/api/restApi/${doomed.id}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: doomed.id, revokedAt: expect.any(String) });
    const refused = await push(withKey(doomed.secret), body);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/^This API key was revoked on .*; create a new one\.$/);
  });

  it("refuses to revoke another organisation's key, like a missing one", async () => {
    const revoke = (id: number | string) =>
      server.app.inject({
        method: 'DELETE',
        url: `/api/restApi/${id}`,
        headers: { authorization: `Bearer ${b.token}` },
      });
    const foreign = await revoke(keyA.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: `There is no API key ${keyA.id} in your organisation.` });
    const missing = await revoke(999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'There is no API key 999999 in your organisation.' });
    expect((await revoke('abc')).statusCode).toBe(400);
    expect(
      (
        await push(withKey(keyA.secret), {
          readings: [{ dataPoint: 'Fridge', ts: '2025-06-05T00:00:00Z', value: 5 }],
        })
      ).status,
    ).toBe(200);
  });

  it('takes at most 50 000 readings per request', async () => {
    const readings = Array.from({ length: 50_001 }, (_, index) => ({
      dataPoint: fridgeId,
      ts: 1_750_000_000_000 + index * 60_000,
      value: 1,
    }));
    const response = await push(withKey(keyA.secret), { readings });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      { pointer: '/readings', message: 'must have at most 50000 items' },
    ]);
  });

  it('writes 50 000 readings in one request, each with its value, instant and delta', async () => {
    // A register of its own, so the readings other tests pushed are not its neighbours.
    const added = await server.api('addDataPointsRef', a.token, {
      dataPoints: [
        { entityId: roomA, name: 'Bulk meter', intent: 'electricity', unit: 'kWh', kind: 'cumulative' },
      ],
    });
    const bulkId = added.body.dataPoints[0].id as number;
    const start = Date.parse('2024-01-01T00:00:00Z');
    const instant = (index: number) => new Date(start + index * 900_000).toISOString();
    // A register climbing by a quarter each time: every delta is 0.25, the last has none yet.
    const readings = Array.from({ length: 50_000 }, (_, index) => ({
      dataPoint: 'Bulk meter',
      ts: instant(index),
      value: 1000 + index / 4,
    }));
    const response = await push(withKey(keyA.secret), { readings });
    expect(response).toEqual({
      status: 200,
      body: { accepted: 50_000, dataPoints: [{ id: bulkId, name: 'Bulk meter', accepted: 50_000 }] },
    });
    const sent = readings.map((reading, index) => ({
      ts: instant(index),
      value: reading.value,
      delta: index < 49_999 ? 0.25 : null,
      quality: 0,
    }));
    const stored = await storedReadings(bulkId);
    expect(stored.length).toBe(sent.length);
    // The first row that differs, rather than a diff of 50 000 rows that takes minutes to print.
    expect(firstDifference(stored, sent)).toBeUndefined();
  }, 60_000);
});
