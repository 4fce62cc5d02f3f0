import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    feeds = await feedsOfTwoOrganisations(server, PREFIX);
    context = { db: server.db, prefix: PREFIX, topicPoints: new TopicPoints(server.db, PREFIX) };
  });
  afterAll(async () => server?.close());

  it('stores a The Things Stack uplink decoded by the network at its received_at', async () => {
    const uplink = ttsUplink();
    uplink.end_device_ids.dev_eui = feeds.devEuis.tts;
    expect(await handle('v3/farm-sensors@ttn/devices/soil-probe-07/up', uplink)).toEqual({
      stored: 2,
      problems: [],
    });
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
    expect(await handle('v3/x@ttn/devices/hostile/up', uplink)).toEqual({
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
      ignored: 'no device with DevEUI 0000000000000001 is registered',
    });
    expect(await handle('application/a/device/b/event/up', { deviceInfo: {}, margin: 3 })).toEqual({
      ignored: expect.stringMatching(/^not an uplink/),
    });
    expect(await handle('v3/a@ttn/devices/d/up', '{"end_device_ids":')).toEqual({
      ignored: 'the uplink is not JSON',
    });
  });

  it('stores plain readings: a bare number at the receive time, JSON at its ts, by full or relative topic', async () => {
    expect(await handle(`${PREFIX}boiler/flow`, '21.5')).toEqual({ stored: 1, problems: [] });
    expect(await handle(`${PREFIX}boiler/flow`, { value: 22.25, ts: '2024-09-30T09:00:00+01:00' })).toEqual({
      stored: 1,
      problems: [],
    });
    expect(await handle(`${PREFIX}room/temp`, { value: 19, ts: 1727683200000 })).toEqual({
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

  it('ignores plain messages it cannot use, saying why', async () => {
    expect(await handle(`${PREFIX}boiler/flow`, 'hot')).toEqual({
      ignored: expect.stringMatching(/not a number/),
    });
    expect(await handle(`${PREFIX}boiler/flow`, '1e999')).toEqual({
      ignored: expect.stringMatching(/finite number/),
    });
    expect(await handle(`${PREFIX}boiler/flow`, { value: 1, ts: 'soon' })).toEqual({
      ignored: expect.stringMatching(/^"ts" "soon" is not RFC 3339/),
    });
    expect(await handle(`${PREFIX}nobody/listens`, '1')).toEqual({
      ignored: 'no data point has this MQTT topic',
    });
    expect(await handle('elsewhere/boiler/flow', '1')).toEqual({
      ignored: 'the topic is neither an uplink nor under the topic prefix',
    });
    expect(await handle(`${PREFIX}boiler/flow`, Buffer.alloc(70_000, 0x31))).toEqual({
      ignored: 'the payload is over 65536 bytes',
    });
    expect(await readingsOf(server.db, feeds.points.boilerFlow)).toHaveLength(2);
  });
});
