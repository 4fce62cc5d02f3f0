import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { quarterHours } from '../readings/test-points.test-helper';
import { writeReadings } from '../readings/write-readings';
import { startTestApp } from '../test-app';
import { listDataPoints } from './list-points';
import { siteWithRoom } from './test-places.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

const electricity = { intent: 'electricity', unit: 'kWh', kind: 'cumulative' } as const;

describeEachEngine('data points on %s', (engine) => {
  let server: Server;
  let owner: Member;
  let places: Awaited<ReturnType<typeof siteWithRoom>>;
  beforeAll(async () => {
    server = await startTestApp(engine);
    owner = await server.memberOfNewOrganisation('owner@points.test', 'Points Ltd');
    places = await siteWithRoom(server.db, owner.organisationId, 'Europe/London');
  });
  afterAll(async () => server?.close());

  async function add(points: object[]) {
    return server.api('addDataPointsRef', owner.token, { dataPoints: points });
  }

  async function pointId(name: string): Promise<number> {
    const listed = await server.api('getDataPoint', owner.token, { search: name });
    return listed.body.dataPoints.find((point: { name: string }) => point.name === name).id;
  }

  /** Writes readings as every ingestion path does: through writeReadings, in a transaction. */
  async function write(id: number, ts: number[], values: number[]) {
    const point = await server.db
      .selectFrom('data_points')
      .select(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await server.db.transaction().execute((trx) => writeReadings(trx, point, { ts, values }));
  }

  it('offers the catalogue of intents, with the kinds each unit allows', async () => {
    const { status, body } = await server.api('dataPointIntents', owner.token, {});
    expect(status).toBe(200);
    expect(body.intents.map((entry: { intent: string }) => entry.intent)).toEqual([
      'electricity',
      'gas',
      'water',
      'heat',
      'temperature',
      'outdoorTemperature',
      'humidity',
      'co2',
      'occupancy',
      'other',
    ]);
    const power = body.intents[0].units.find((unit: { unit: string }) => unit.unit === 'kW');
    expect(power.kinds).toEqual(['instantaneous']);
    expect(body.intents[4]).toMatchObject({ defaultUnit: '°C', defaultKind: 'instantaneous' });
  });

  it("adds points on any entity, taking the time zone of the entity's site", async () => {
    const added = await add([
      {
        entityId: places.roomId,
        name: 'Boiler gas',
        intent: 'gas',
        unit: 'm³',
        kind: 'cumulative',
        registerMax: 100000,
      },
      { entityId: places.siteId, name: 'Site electricity', ...electricity, intervalMinutes: 30 },
    ]);
    expect(added.status).toBe(200);
    expect(added.body.dataPoints.map((point: { name: string }) => point.name)).toEqual([
      'Boiler gas',
      'Site electricity',
    ]);

    const { body } = await server.api('getDataPoint', owner.token, {
      dataPointId: added.body.dataPoints[0].id,
    });
    expect(body.dataPoints).toEqual([
      expect.objectContaining({
        name: 'Boiler gas',
        unit: 'm³',
        kind: 'cumulative',
        source: 'manual',
        registerMax: 100000,
        intervalMinutes: 15,
        entityId: places.roomId,
        entityName: 'HQ Plant room',
        entityPath: ['HQ', 'HQ Building', 'HQ Plant room'],
        siteId: places.siteId,
        timeZone: 'Europe/London',
        lastValue: null,
        lastSeen: null,
        coverage: 0,
        readings: 0,
      }),
    ]);
  });

  it('adds all or nothing, naming each problem and the duplicate', async () => {
    const response = await add([
      {
        entityId: places.roomId,
        name: 'Chiller power',
        intent: 'electricity',
        unit: 'kW',
        kind: 'instantaneous',
      },
      { entityId: places.roomId, name: 'Boiler gas', intent: 'gas', unit: 'm³', kind: 'cumulative' },
      { entityId: places.roomId, name: 'Fridge', intent: 'temperature', unit: 'kWh', kind: 'instantaneous' },
      { entityId: places.roomId, name: 'Meter', intent: 'electricity', unit: 'kW', kind: 'cumulative' },
      {
        entityId: places.roomId,
        name: 'Pulses',
        intent: 'water',
        unit: 'l',
        kind: 'interval',
        registerMax: 10,
      },
      {
        entityId: places.roomId,
        name: 'Chiller power',
        intent: 'electricity',
        unit: 'kW',
        kind: 'instantaneous',
      },
    ]);
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      { pointer: '/dataPoints/2/unit', message: 'Temperature is measured in °C, °F, not kWh' },
      { pointer: '/dataPoints/3/kind', message: 'a point in kW must be instantaneous, not cumulative' },
      {
        pointer: '/dataPoints/4/registerMax',
        message: 'only a cumulative register rolls over; leave it out for other kinds',
      },
      {
        pointer: '/dataPoints/1/name',
        message: 'a data point named "Boiler gas" already exists in your organisation',
      },
      { pointer: '/dataPoints/5/name', message: '"Chiller power" is sent twice; names must be unique' },
    ]);
    expect(response.body.message).toContain('"Boiler gas" already exists');
    const stored = await server.db
      .selectFrom('data_points')
      .select('name')
      .where('name', '=', 'Chiller power')
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses an entity without a site time zone, and one of another organisation like a missing one', async () => {
    const noZone = await siteWithRoom(server.db, owner.organisationId, null, 'Annex');
    const response = await add([{ entityId: noZone.roomId, name: 'Annex meter', ...electricity }]);
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      {
        pointer: '/dataPoints/0/entityId',
        message: "Annex Plant room is not in a site with a time zone; set the site's time zone first",
      },
    ]);

    const other = await server.memberOfNewOrganisation('other@points.test', 'Other Ltd');
    const theirs = await siteWithRoom(server.db, other.organisationId, 'Europe/Paris', 'Theirs');
    const foreign = await add([{ entityId: theirs.siteId, name: 'Sneaky', ...electricity }]);
    const missing = await add([{ entityId: 987654, name: 'Sneaky', ...electricity }]);
    expect(foreign).toEqual({
      status: 404,
      body: { message: `There is no entity ${theirs.siteId} in your organisation.` },
    });
    expect(missing).toEqual({
      status: 404,
      body: { message: 'There is no entity 987654 in your organisation.' },
    });
  });

  it('measures coverage exactly, a 23-hour day counting 92 quarter hours', async () => {
    const id = (
      await add([
        {
          entityId: places.buildingId,
          name: 'Coverage meter',
          intent: 'electricity',
          unit: 'kWh',
          kind: 'interval',
        },
      ])
    ).body.dataPoints[0].id;
    // 31 March 2024 had 23 hours in London; 9 April, the window's last day, gets half its quarter hours, and
    // 11 March, its first, ten: a count booked on the day before or after its own falls out of the window.
    await write(id, quarterHours('2024-03-11T00:00:00Z', '2024-03-11T02:30:00Z'), new Array(10).fill(3));
    await write(id, quarterHours('2024-03-31T00:00:00Z', '2024-03-31T23:00:00Z'), new Array(92).fill(1));
    const halfDay = quarterHours('2024-04-09T00:00:00Z', '2024-04-09T12:00:00Z');
    await write(id, halfDay, new Array(halfDay.length).fill(2));

    const [point] = await listDataPoints(
      server.db,
      owner.organisationId,
      { dataPointId: id },
      Date.parse('2024-04-10T12:00:00Z'),
    );
    // Window 11 March to 9 April: 29 days of 96 and one of 92 quarter hours.
    expect(point?.coverage).toBe(Math.round(((10 + 92 + 48) / (29 * 96 + 92)) * 1000) / 10);
    expect(point?.coverage).toBe(5.2);
    expect(point).toMatchObject({ readings: 150, lastValue: 2, lastSeen: '2024-04-09T11:45:00.000Z' });
  });

  it('lists points on an entity and everything under it, and finds them by entity name', async () => {
    const onSite = await server.api('getDataPoint', owner.token, { entityId: places.siteId });
    expect(onSite.body.dataPoints.map((point: { name: string }) => point.name)).toEqual([
      'Boiler gas',
      'Coverage meter',
      'Site electricity',
    ]);
    const onRoom = await server.api('getDataPoint', owner.token, { entityId: places.roomId });
    expect(onRoom.body.dataPoints.map((point: { name: string }) => point.name)).toEqual(['Boiler gas']);
    const found = await server.api('getDataPoint', owner.token, { search: 'plant ROOM' });
    expect(found.body.dataPoints.map((point: { name: string }) => point.name)).toEqual(['Boiler gas']);
    expect(await server.api('getDataPoint', owner.token, { entityId: 987654 })).toEqual({
      status: 404,
      body: { message: 'There is no entity 987654 in your organisation.' },
    });
    expect(await server.api('getDataPoint', owner.token, { dataPointId: 987654 })).toEqual({
      status: 404,
      body: { message: 'There is no data point 987654 in your organisation.' },
    });
  });

  it('recomputes consumption and daily totals when the register maximum or kind changes', async () => {
    const id = await pointId('Site electricity');
    const ts = [
      Date.parse('2024-05-01T08:00:00Z'),
      Date.parse('2024-05-01T09:00:00Z'),
      Date.parse('2024-05-01T10:00:00Z'),
    ];
    await write(id, ts, [9000, 9500, 200]);
    const dailyUse = async () =>
      (
        await sql<{
          consumption: number;
        }>`select consumption from readings_daily where data_point_id = ${id}`.execute(server.db)
      ).rows[0]?.consumption;
    // Without a maximum, 9500 → 200 looks like a 5-digit register rolling over: 500 + 700.
    expect(await dailyUse()).toBe(1200);

    const larger = await server.api('replaceDataPoint', owner.token, { dataPointId: id, registerMax: 20000 });
    expect(larger.status).toBe(200);
    expect(larger.body).toMatchObject({ recomputed: 3, dataPoint: { registerMax: 20000, readings: 3 } });
    // Far from a 20 000 top, the drop is a reset: 500 + 200.
    expect(await dailyUse()).toBe(700);

    const interval = await server.api('replaceDataPoint', owner.token, { dataPointId: id, kind: 'interval' });
    expect(interval.body).toMatchObject({
      recomputed: 3,
      dataPoint: { kind: 'interval', registerMax: null },
    });
    expect(await dailyUse()).toBe(9000 + 9500 + 200);

    const renamed = await server.api('replaceDataPoint', owner.token, {
      dataPointId: id,
      name: 'Site electricity (main)',
    });
    expect(renamed.body).toMatchObject({ recomputed: 0, dataPoint: { name: 'Site electricity (main)' } });
  });

  it('moves a point to another site, taking its time zone and re-cutting its days', async () => {
    const id = await pointId('Site electricity (main)');
    const paris = await siteWithRoom(server.db, owner.organisationId, 'America/New_York', 'NYC');
    const moved = await server.api('replaceDataPoint', owner.token, {
      dataPointId: id,
      entityId: paris.roomId,
    });
    expect(moved.body.dataPoint).toMatchObject({
      timeZone: 'America/New_York',
      entityPath: ['NYC', 'NYC Building', 'NYC Plant room'],
    });
    const days = await sql<{
      day: string;
    }>`select day::text as day from readings_daily where data_point_id = ${id}`.execute(server.db);
    // 08:00–10:00 UTC on 1 May is 04:00–06:00 in New York: still 1 May, now cut at New York midnight.
    expect(days.rows).toEqual([{ day: '2024-05-01' }]);
  });

  it('refuses changes that break the rules, and foreign points like missing ones', async () => {
    const id = await pointId('Boiler gas');
    const clash = await server.api('replaceDataPoint', owner.token, {
      dataPointId: id,
      name: 'Coverage meter',
    });
    expect(clash.status).toBe(400);
    expect(clash.body.issues).toEqual([
      {
        pointer: '/name',
        message: 'a data point named "Coverage meter" already exists in your organisation',
      },
    ]);
    const wrongUnit = await server.api('replaceDataPoint', owner.token, { dataPointId: id, unit: 'ppm' });
    expect(wrongUnit.body.issues).toEqual([
      { pointer: '/unit', message: 'Gas is measured in m³, kWh, ft³, m³/h, not ppm' },
    ]);
    const missing = await server.api('replaceDataPoint', owner.token, { dataPointId: 999999, name: 'x' });
    expect(missing).toEqual({
      status: 404,
      body: { message: 'There is no data point 999999 in your organisation.' },
    });
  });

  it('tells where data comes from: points per source, last reading, API keys', async () => {
    const { status, body } = await server.api('source', owner.token, {});
    expect(status).toBe(200);
    expect(body.sources.map((source: { source: string }) => source.source)).toEqual([
      'manual',
      'csv',
      'rest',
      'mqtt',
      'lorawan',
      'sftp',
    ]);
    expect(body.sources[0]).toEqual({
      source: 'manual',
      dataPoints: 3,
      lastReading: '2024-05-01T10:00:00.000Z',
      state: 'silent',
    });
    expect(body.sources[2]).toEqual({ source: 'rest', dataPoints: 0, lastReading: null, state: 'unused' });
    expect(body.apiKeys).toEqual({ active: 0, revoked: 0, lastUsed: null });
  });
});
