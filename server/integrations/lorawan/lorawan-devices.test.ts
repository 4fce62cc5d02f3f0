import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteWithRoom } from '../../datapoints/test-places.test-helper';
import { describeEachEngine } from '../../db/test-database';
import { startTestApp } from '../../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

describeEachEngine('LoRaWAN devices API on %s', (engine) => {
  let server: Server;
  let a: Member;
  let b: Member;
  let aPoint: number;
  let aBattery: number;
  let bPoint: number;

  beforeAll(async () => {
    server = await startTestApp(engine);
    a = await server.memberOfNewOrganisation('a@lorawan.test', 'LoRa A');
    b = await server.memberOfNewOrganisation('b@lorawan.test', 'LoRa B');
    const placesA = await siteWithRoom(server.db, a.organisationId, 'Europe/London');
    const placesB = await siteWithRoom(server.db, b.organisationId, 'UTC');
    const point = (token: string, entityId: number, name: string, mqttTopic?: string) =>
      server.api('addDataPointsRef', token, {
        dataPoints: [
          {
            entityId,
            name,
            intent: 'temperature',
            unit: '°C',
            kind: 'instantaneous',
            ...(mqttTopic ? { mqttTopic } : {}),
          },
        ],
      });
    aPoint = (await point(a.token, placesA.roomId, 'Soil temperature')).body.dataPoints[0].id;
    aBattery = (await point(a.token, placesA.roomId, 'Probe battery', 'farm/battery')).body.dataPoints[0].id;
    bPoint = (await point(b.token, placesB.siteId, 'B temperature')).body.dataPoints[0].id;
  });
  afterAll(async () => server?.close());

  it('registers a device, normalising its DevEUI, and lists it with the broker settings', async () => {
    const created = await server.api('lorawanCreateDevice', a.token, {
      devEui: '70-b3-d5-7e-d0-06-1a-2c',
      name: ' Soil probe 07 ',
      decoder: { type: 'bytes', fields: [{ name: 'temperature', offset: 0, type: 'int16be', scale: 0.01 }] },
      fields: { temperature: aPoint },
    });
    expect(created.status).toBe(200);
    expect(created.body.device).toEqual({
      id: expect.any(Number),
      devEui: '70B3D57ED0061A2C',
      name: 'Soil probe 07',
      decoder: { type: 'bytes', fields: [{ name: 'temperature', offset: 0, type: 'int16be', scale: 0.01 }] },
      fields: { temperature: aPoint },
      lastUplinkAt: null,
      createdAt: expect.any(String),
    });

    const listed = await server.api('lorawan', a.token, {});
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      devices: [created.body.device],
      broker: {
        configured: false,
        connected: false,
        uplinkTopics: ['v3/+/devices/+/up', 'application/+/device/+/event/up'],
        topicPrefix: 'insights/',
        dataPointTopics: [{ dataPointId: aBattery, name: 'Probe battery', topic: 'insights/farm/battery' }],
      },
    });
    expect((await server.api('lorawan', b.token, {})).body.devices).toEqual([]);
  });

  it('refuses a DevEUI registered anywhere already, with the same words for every organisation', async () => {
    const again = await server.api('lorawanCreateDevice', b.token, {
      devEui: '70B3D57ED0061A2C',
      name: 'Copy',
      decoder: { type: 'network' },
      fields: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'DevEUI 70B3D57ED0061A2C is already registered. A device can feed one organisation only; check the DevEUI, or remove it where it is registered first.',
    );
    expect(again.body.message).not.toContain('Soil probe');
  });

  it("refuses a mapping to another organisation's data point, or to one that does not exist", async () => {
    for (const pointId of [bPoint, 999_999]) {
      const refused = await server.api('lorawanCreateDevice', a.token, {
        devEui: '0004A30B001C0530',
        name: 'Greedy',
        decoder: { type: 'network' },
        fields: { temperature: aPoint, stolen: pointId },
      });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(`There is no data point ${pointId} in your organisation.`);
    }
    // Past the database's integer no id can exist: the request is wrong, and says where.
    const huge = await server.api('lorawanCreateDevice', a.token, {
      devEui: '0004A30B001C0530',
      name: 'Greedy',
      decoder: { type: 'network' },
      fields: { temperature: aPoint, stolen: 2 ** 31 + 5 },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.issues).toContainEqual({ pointer: '/fields/stolen', message: 'must be <= 2147483647' });
    const devices = await server.db.selectFrom('lorawan_devices').select('dev_eui').execute();
    expect(devices.map((device) => device.dev_eui)).toEqual(['70B3D57ED0061A2C']);
  });

  it('refuses malformed DevEUIs, unknown decoders and fields the bytes decoder does not have', async () => {
    const create = (body: Record<string, unknown>) =>
      server.api('lorawanCreateDevice', a.token, {
        devEui: '0004A30B001C0531',
        name: 'Probe',
        decoder: { type: 'cayenne-lpp' },
        fields: {},
        ...body,
      });
    const badEui = await create({ devEui: '0004A30B001C05ZZ' });
    expect(badEui.status).toBe(400);
    expect(badEui.body.message).toMatch(/^The DevEUI must be 16 hex digits/);
    expect((await create({ decoder: { type: 'javascript', code: 'return {}' } })).status).toBe(400);
    expect(
      (await create({ decoder: { type: 'bytes', fields: [{ name: 't', offset: 0, type: 'int64' }] } }))
        .status,
    ).toBe(400);
    const typo = await create({
      decoder: { type: 'bytes', fields: [{ name: 'temperature', offset: 0, type: 'int16be' }] },
      fields: { temprature: aPoint },
    });
    expect(typo.status).toBe(400);
    expect(typo.body.message).toBe('"temprature" is not a field of the decoder; it has "temperature".');
    expect((await create({ name: '   ' })).status).toBe(400);
    expect((await create({ fields: { t: 0 } })).status).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    expect((await server.api('lorawan', undefined, {})).status).toBe(401);
    expect(
      (
        await server.api('lorawanCreateDevice', undefined, {
          devEui: '0004A30B001C0532',
          name: 'x',
          decoder: { type: 'network' },
          fields: {},
        })
      ).status,
    ).toBe(401);
  });
});
