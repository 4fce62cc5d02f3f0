import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReadingsWritten } from '../../readings/readings-written.test-helper';
import { hoursOf } from '../../readings/stored-hours.test-helper';
import { startTestApp } from '../../test-app';
import { chirpStackUplink, ttsUplink } from '../lorawan/uplink-examples.test-helper';
import { feedsOfTwoOrganisations, readingsOf } from './feeds.test-helper';
import { handleMessage, type MessageContext } from './handle-message';
import { TopicPoints } from './topic-points';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const PREFIX = 'insights/';
const NOW = Date.UTC(2024, 9, 1, 12, 0, 0);

/** The message path without a broker: what the subscriber does with each message it receives. */
describe('handling MQTT messages', () => {
  let server: Server;
  let feeds: Awaited<ReturnType<typeof feedsOfTwoOrganisations>>;
  let context: MessageContext;
  /** A topic under an organisation's namespace. */
  const under = (organisation: 'a' | 'b', topic: string) =>
    `${PREFIX}${feeds.namespaces[organisation]}/${topic}`;
  const handle = (topic: string, payload: unknown) =>
    handleMessage(
      context,
      topic,
      Buffer.isBuffer(payload)
        ? payload
        : Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)),
      NOW,
    );

  beforeAll(async () => {
    server = await startTestApp('pglite');
    feeds = await feedsOfTwoOrganisations(server);
    context = { db: server.db, prefix: PREFIX, topicPoints: new TopicPoints(server.db) };
  });
  afterAll(async () => server?.close());

  it('stores a The Things Stack uplink decoded by the network at its received_at', async () => {
    const uplink = ttsUplink();
    uplink.end_device_ids.dev_eui = feeds.devEuis.tts;
    const recorded = recordReadingsWritten();
    expect(await handle('v3/farm-sensors@ttn/devices/soil-probe-07/up', uplink)).toEqual({
      stored: 2,
      problems: [],
    });
    recorded.stop();
    // An uplink's values are one write through the one readings writer.
    expect(recorded.writes).toEqual([
      {
        source: 'lorawan',
        written: 2,
        pointIds: expect.arrayContaining([feeds.points.soilTemperature, feeds.points.soilMoisture]),
      },
    ]);
    expect(await readingsOf(server.db, feeds.points.soilTemperature)).toEqual([
      ['2024-09-30T08:14:05.412Z', 22.28],
    ]);
    expect(await readingsOf(server.db, feeds.points.soilMoisture)).toEqual([
      ['2024-09-30T08:14:05.412Z', 30],
    ]);
    const device = await server.db
      .selectFrom('lorawan_devices')
      .select('last_uplink_at')
      .where('dev_eui', '=', feeds.devEuis.tts)
      .executeTakeFirstOrThrow();
    expect(device.last_uplink_at?.toISOString()).toBe('2024-09-30T08:14:05.412Z');
    const sources = await server.db
      .selectFrom('data_points')
      .select('source')
      .where('id', '=', feeds.points.soilTemperature)
      .executeTakeFirstOrThrow();
    expect(sources.source).toBe('lorawan');
  });

  it('stores a ChirpStack uplink decoded as Cayenne LPP at its time', async () => {
    const uplink = chirpStackUplink();
    uplink.deviceInfo.devEui = feeds.devEuis.chirp.toLowerCase();
    uplink.data = Buffer.from('016700EB026861', 'hex').toString('base64');
    delete uplink.object;
    expect(
      await handle(`application/app/device/${feeds.devEuis.chirp.toLowerCase()}/event/up`, uplink),
    ).toEqual({
      stored: 2,
      problems: [],
    });
    expect(await readingsOf(server.db, feeds.points.chirpTemperature)).toEqual([
      ['2024-09-30T08:14:05.311Z', 23.5],
    ]);
    expect(await readingsOf(server.db, feeds.points.chirpHumidity)).toEqual([
      ['2024-09-30T08:14:05.311Z', 48.5],
    ]);
  });

  it("never writes another organisation's data point, whatever the device's mapping says", async () => {
    const uplink = ttsUplink();
    uplink.end_device_ids.dev_eui = feeds.devEuis.hostile;
    uplink.uplink_message.decoded_payload = { temperature: 99, battery: 3.3 };
    expect(await handle(under('a', 'v3/x@ttn/devices/hostile/up'), uplink)).toEqual({
      stored: 1,
      problems: [`temperature: data point ${feeds.points.bSecret} is not one of the device's organisation`],
    });
    expect(await readingsOf(server.db, feeds.points.bSecret)).toEqual([]);
    expect(await readingsOf(server.db, feeds.points.battery)).toEqual([['2024-09-30T08:14:05.412Z', 3.3]]);
    expect(await hoursOf(server.db, feeds.points.bSecret)).toEqual([]);
  });

  it('ignores uplinks of unknown devices, other events and broken JSON, saying why', async () => {
    const stranger = ttsUplink();
    stranger.end_device_ids.dev_eui = '0000000000000001';
    expect(await handle('v3/a@ttn/devices/d/up', stranger)).toEqual({
      ignored: 'no device with DevEUI 0000000000000001 and application "farm-sensors" is registered',
    });
    expect(await handle('application/a/device/b/event/up', { deviceInfo: {}, margin: 3 })).toEqual({
      ignored: expect.stringMatching(/^not an uplink/),
    });
    expect(await handle('v3/a@ttn/devices/d/up', '{"end_device_ids":')).toEqual({
      ignored: 'the uplink is not JSON',
    });
  });

  it("stores plain readings under the organisation's namespace: a bare number at the receive time, JSON at its ts", async () => {
    const recorded = recordReadingsWritten();
    expect(await handle(under('a', 'boiler/flow'), '21.5')).toEqual({ stored: 1, problems: [] });
    recorded.stop();
    // Each message is one write through the one readings writer.
    expect(recorded.writes).toEqual([{ source: 'mqtt', written: 1, pointIds: [feeds.points.boilerFlow] }]);
    expect(
      await handle(under('a', 'boiler/flow'), { value: 22.25, ts: '2024-09-30T09:00:00+01:00' }),
    ).toEqual({
      stored: 1,
      problems: [],
    });
    expect(await handle(under('a', 'room/temp'), { value: 19, ts: 1727683200000 })).toEqual({
      stored: 1,
      problems: [],
    });
    expect(await readingsOf(server.db, feeds.points.boilerFlow)).toEqual([
      ['2024-09-30T08:00:00.000Z', 22.25],
      [new Date(NOW).toISOString(), 21.5],
    ]);
    expect(await readingsOf(server.db, feeds.points.roomTemperature)).toEqual([
      ['2024-09-30T08:00:00.000Z', 19],
    ]);
  });

  it("follows a data point's topic from the moment it is added, changed or deleted, not half a minute later", async () => {
    const { entity_id: entityId } = await server.db
      .selectFrom('data_points')
      .select('entity_id')
      .where('id', '=', feeds.points.boilerFlow)
      .executeTakeFirstOrThrow();
    // The device publishes before its point exists: the subscriber learns (and keeps) that nobody has the topic.
    expect(await handle(under('a', 'new/meter'), '5')).toEqual({
      ignored: expect.stringMatching(/^no data point has the MQTT topic "new\/meter"/),
    });
    const added = await server.api('addDataPointsRef', feeds.a.token, {
      dataPoints: [
        {
          entityId,
          name: 'New meter',
          intent: 'temperature',
          unit: '°C',
          kind: 'instantaneous',
          mqttTopic: 'new/meter',
        },
      ],
    });
    const pointId = added.body.dataPoints[0].id as number;
    expect(await handle(under('a', 'new/meter'), '6')).toEqual({ stored: 1, problems: [] });

    await server.api('replaceDataPoint', feeds.a.token, { dataPointId: pointId, mqttTopic: 'moved/meter' });
    expect(await handle(under('a', 'new/meter'), '7')).toEqual({
      ignored: expect.stringMatching(/^no data point/),
    });
    expect(await handle(under('a', 'moved/meter'), '8')).toEqual({ stored: 1, problems: [] });
    expect(await readingsOf(server.db, pointId)).toEqual([[new Date(NOW).toISOString(), 8]]);

    const deleted = await server.api('deleteDataPoint', feeds.a.token, { dataPointId: pointId });
    expect(deleted.body).toMatchObject({ deleted: true });
    expect(await handle(under('a', 'moved/meter'), '9')).toEqual({
      ignored: expect.stringMatching(/^no data point/),
    });
  });

  it('ignores plain messages it cannot use, saying why', async () => {
    expect(await handle(under('a', 'boiler/flow'), 'hot')).toEqual({
      ignored: expect.stringMatching(/not a number/),
    });
    expect(await handle(under('a', 'boiler/flow'), '1e999')).toEqual({
      ignored: expect.stringMatching(/finite number/),
    });
    expect(await handle(under('a', 'boiler/flow'), { value: 1, ts: 'soon' })).toEqual({
      ignored: expect.stringMatching(/^"ts" "soon" is not RFC 3339/),
    });
    expect(await handle(under('a', 'nobody/listens'), '1')).toEqual({
      ignored: `no data point has the MQTT topic "nobody/listens" in namespace "${feeds.namespaces.a}"`,
    });
    expect(await handle(`${PREFIX}flow`, '1')).toEqual({
      ignored: expect.stringMatching(/^under the topic prefix, a topic names an organisation's namespace/),
    });
    expect(await handle('elsewhere/boiler/flow', '1')).toEqual({
      ignored: 'the topic is neither an uplink nor under the topic prefix',
    });
    expect(await handle(under('a', 'boiler/flow'), Buffer.alloc(70_000, 0x31))).toEqual({
      ignored: 'the payload is over 65536 bytes',
    });
    expect(await readingsOf(server.db, feeds.points.boilerFlow)).toHaveLength(2);
  });

  it('keeps two organisations on the same topic apart: each reading reaches its own organisation only', async () => {
    expect(await handle(under('b', 'boiler/flow'), { value: 55, ts: '2024-09-30T10:00:00Z' })).toEqual({
      stored: 1,
      problems: [],
    });
    expect(await readingsOf(server.db, feeds.points.bBoilerFlow)).toEqual([['2024-09-30T10:00:00.000Z', 55]]);
    expect(await readingsOf(server.db, feeds.points.boilerFlow)).not.toContainEqual([
      '2024-09-30T10:00:00.000Z',
      55,
    ]);
  });

  it('routes one DevEUI registered by two organisations: shared topics by application id, each namespace to its own', async () => {
    const uplink = ttsUplink();
    uplink.end_device_ids.dev_eui = feeds.devEuis.tts;
    uplink.received_at = '2024-10-02T07:00:00Z';
    uplink.uplink_message.decoded_payload = { temperature: 17.5, moisture: 41 };
    // On the shared topic only A's registration names the application: B's, registered later, takes nothing.
    expect(await handle('v3/farm-sensors@ttn/devices/probe/up', uplink)).toEqual({ stored: 2, problems: [] });
    expect(await readingsOf(server.db, feeds.points.bSoil)).toEqual([]);
    // Under B's namespace the same DevEUI is B's device, whatever the application.
    uplink.received_at = '2024-10-02T07:15:00Z';
    uplink.uplink_message.decoded_payload = { temperature: 4 };
    expect(await handle(under('b', 'v3/other-app@ttn/devices/probe/up'), uplink)).toEqual({
      stored: 1,
      problems: [],
    });
    expect(await readingsOf(server.db, feeds.points.bSoil)).toEqual([['2024-10-02T07:15:00.000Z', 4]]);
    expect(await readingsOf(server.db, feeds.points.soilTemperature)).not.toContainEqual([
      '2024-10-02T07:15:00.000Z',
      4,
    ]);
  });

  it('shows on the device a mapped field that was not a number, and when, while the other fields are stored', async () => {
    const uplink = ttsUplink();
    uplink.end_device_ids.dev_eui = feeds.devEuis.tts;
    uplink.received_at = '2024-10-03T06:00:00Z';
    uplink.uplink_message.decoded_payload = { temperature: 'n/a', moisture: 33 };
    const problem = `temperature: "n/a" is not a number; nothing stored for data point ${feeds.points.soilTemperature}`;
    expect(await handle('v3/farm-sensors@ttn/devices/probe/up', uplink)).toEqual({
      stored: 1,
      problems: [problem],
    });
    uplink.uplink_message.decoded_payload = { battery: 3.1 };
    uplink.received_at = '2024-10-03T06:15:00Z';
    expect(await handle('v3/farm-sensors@ttn/devices/probe/up', uplink)).toEqual({
      stored: 0,
      problems: ['none of the mapped fields (moisture, temperature) is in this uplink; it has battery'],
    });
    const shown = (await server.api('lorawan', feeds.a.token, {})).body.devices.find(
      (device: { devEui: string; application: string | null }) =>
        device.devEui === feeds.devEuis.tts && device.application === 'farm-sensors',
    );
    expect(shown).toMatchObject({
      lastProblem: 'none of the mapped fields (moisture, temperature) is in this uplink; it has battery',
      lastProblemAt: '2024-10-03T06:15:00.000Z',
      lastUplinkAt: '2024-10-03T06:15:00.000Z',
    });
  });

  it('stores for nobody an uplink on a shared topic that two organisations claim, and tells both', async () => {
    const uplink = ttsUplink();
    uplink.end_device_ids.dev_eui = feeds.devEuis.tts;
    uplink.received_at = '2024-10-04T06:00:00Z';
    uplink.uplink_message.decoded_payload = { temperature: 12 };
    await server.db
      .updateTable('lorawan_devices')
      .set({ application_id: 'farm-sensors' })
      .where('dev_eui', '=', feeds.devEuis.tts)
      .execute();
    try {
      expect(await handle('v3/farm-sensors@ttn/devices/probe/up', uplink)).toEqual({
        ignored: expect.stringMatching(/matches devices of more than one organisation/),
      });
      for (const member of [feeds.a, feeds.b]) {
        const devices = (await server.api('lorawan', member.token, {})).body.devices;
        const device = devices.find((shown: { devEui: string }) => shown.devEui === feeds.devEuis.tts);
        expect(device.lastProblem).toMatch(/publish under your organisation's topic prefix/);
      }
      expect(await readingsOf(server.db, feeds.points.bSoil)).not.toContainEqual([
        '2024-10-04T06:00:00.000Z',
        12,
      ]);
    } finally {
      await server.db
        .updateTable('lorawan_devices')
        .set({ application_id: null })
        .where('dev_eui', '=', feeds.devEuis.tts)
        .where('organisation_id', '=', feeds.b.organisationId)
        .execute();
    }
  });

  it('deletes a device: its uplinks are no longer stored, its readings stay, and only its organisation may', async () => {
    const devices = (await server.api('lorawan', feeds.a.token, {})).body.devices as {
      id: number;
      devEui: string;
    }[];
    const chirp = devices.find((device) => device.devEui === feeds.devEuis.chirp);
    if (!chirp) throw new Error('the ChirpStack probe is not listed');
    const before = await readingsOf(server.db, feeds.points.chirpTemperature);
    const deleteAs = (token: string) =>
      server.app.inject({
        method: 'DELETE',
        url: `/api/lorawanDevice/${chirp.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await deleteAs(feeds.b.token)).statusCode).toBe(404);
    const deleted = await deleteAs(feeds.a.token);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { deleted: chirp.id }]);
    expect((await deleteAs(feeds.a.token)).statusCode).toBe(404);

    const uplink = chirpStackUplink();
    uplink.deviceInfo.devEui = feeds.devEuis.chirp.toLowerCase();
    expect(await handle('application/app/device/x/event/up', uplink)).toEqual({
      ignored: expect.stringMatching(/^no device with DevEUI/),
    });
    expect(await readingsOf(server.db, feeds.points.chirpTemperature)).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });
});
