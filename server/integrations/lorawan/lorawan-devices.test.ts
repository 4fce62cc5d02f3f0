import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteWithRoom } from '../../datapoints/test-places.test-helper';
import { describeEachEngine } from '../../db/test-database';
import { startTestApp } from '../../test-app';
import { namespaceOf } from '../mqtt/feeds.test-helper';

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
      application: null,
      decoder: { type: 'bytes', fields: [{ name: 'temperature', offset: 0, type: 'int16be', scale: 0.01 }] },
      fields: { temperature: aPoint },
      lastUplinkAt: null,
      lastProblem: null,
      lastProblemAt: null,
      createdAt: expect.any(String),
    });

    const namespace = await namespaceOf(server.db, a.organisationId);
    expect(namespace).toMatch(/^org-[0-9a-f]{10}$/);
    expect(await namespaceOf(server.db, b.organisationId)).not.toBe(namespace);
    const listed = await server.api('lorawan', a.token, {});
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      devices: [created.body.device],
      broker: {
        configured: false,
        connected: false,
        uplinkTopics: ['v3/+/devices/+/up', 'application/+/device/+/event/up'],
        topicPrefix: `insights/${namespace}/`,
        organisationUplinkTopics: [
          `insights/${namespace}/v3/+/devices/+/up`,
          `insights/${namespace}/application/+/device/+/event/up`,
        ],
        dataPointTopics: [
          { dataPointId: aBattery, name: 'Probe battery', topic: `insights/${namespace}/farm/battery` },
        ],
      },
    });
    expect((await server.api('lorawan', b.token, {})).body.devices).toEqual([]);
  });

  it('lets another organisation register the same DevEUI without learning it exists, but not the same one twice', async () => {
    const register = (token: string, name: string) =>
      server.api('lorawanCreateDevice', token, {
        devEui: '70B3D57ED0061A2C',
        name,
        application: 'farm-sensors',
        decoder: { type: 'network' },
        fields: {},
      });
    const other = await register(b.token, 'Copy');
    expect(other.status).toBe(200);
    expect(other.body.device).toMatchObject({ devEui: '70B3D57ED0061A2C', application: 'farm-sensors' });
    const twice = await register(a.token, 'Twice');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      'DevEUI 70B3D57ED0061A2C is already registered in your organisation as "Soil probe 07". Change that device, or delete it first.',
    );
    expect(twice.body.issues).toEqual([{ pointer: '/devEui', message: twice.body.message }]);
    const aDevices = (await server.api('lorawan', a.token, {})).body.devices;
    expect(aDevices.map((device: { name: string }) => device.name)).toEqual(['Soil probe 07']);
  });

  it('refuses a data point topic with MQTT wildcards, and one used twice in the organisation, but not in another', async () => {
    const placesB = await siteWithRoom(server.db, b.organisationId, 'UTC', 'Topics B');
    const addWithTopic = (token: string, entityId: number, name: string, mqttTopic: string) =>
      server.api('addDataPointsRef', token, {
        dataPoints: [{ entityId, name, intent: 'temperature', unit: '°C', kind: 'instantaneous', mqttTopic }],
      });
    expect((await addWithTopic(b.token, placesB.siteId, 'Same topic as A', 'farm/battery')).status).toBe(200);
    const twice = await addWithTopic(b.token, placesB.siteId, 'Twice in B', 'farm/battery');
    expect(twice.status).toBe(400);
    expect(twice.body.issues).toEqual([
      {
        pointer: '/dataPoints/0/mqttTopic',
        message: 'MQTT topic "farm/battery" already feeds another data point of your organisation',
      },
    ]);
    for (const topic of ['farm/+/battery', 'farm/#', '/farm/battery']) {
      const wild = await addWithTopic(b.token, placesB.siteId, `Wild ${topic}`, topic);
      expect(wild.status, topic).toBe(400);
      expect(wild.body.issues[0].pointer).toBe('/dataPoints/0/mqttTopic');
    }
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
    const devices = await server.db
      .selectFrom('lorawan_devices')
      .select('dev_eui')
      .where('organisation_id', '=', a.organisationId)
      .execute();
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
