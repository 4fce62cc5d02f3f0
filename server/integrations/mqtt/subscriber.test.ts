import { randomBytes } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test-app';
import { describeWithService, serviceUrl } from '../../test-services.test-helper';
import { chirpStackUplink, ttsUplink } from '../lorawan/uplink-examples.test-helper';
import { announceSubscriber } from './broker-status';
import { feedsOfTwoOrganisations, readingsOf } from './feeds.test-helper';
import type { MessageOutcome } from './handle-message';
import { MqttSubscriber } from './subscriber';
import { relayTo } from './tcp-relay.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

/** Resolves when the promise does, or fails saying what did not happen in time. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Polls until the condition holds. */
async function waitFor(condition: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// .ci/run sets TEST_MQTT_URL to this machine's Mosquitto. Never MQTT_URL: that is a broker real devices publish to.
describeWithService('TEST_MQTT_URL', 'MQTT subscriber against a real broker', () => {
  // A prefix of this run's own, so runs sharing a broker never see each other's plain readings.
  const prefix = `insights-test-${randomBytes(4).toString('hex')}/`;
  let server: Server;
  let feeds: Awaited<ReturnType<typeof feedsOfTwoOrganisations>>;
  let subscriber: MqttSubscriber;
  let publisher: MqttClient;
  const logged: string[] = [];
  const handled: { topic: string; outcome: MessageOutcome }[] = [];
  const waiting: { topic: string; resolve: (outcome: MessageOutcome) => void }[] = [];

  beforeAll(async () => {
    const url = serviceUrl('TEST_MQTT_URL');
    server = await startTestApp('pglite');
    feeds = await feedsOfTwoOrganisations(server);
    subscriber = new MqttSubscriber({
      db: server.db,
      url,
      log: (line) => logged.push(line),
      topicPrefix: prefix,
      onHandled: (topic, outcome) => {
        handled.push({ topic, outcome });
        const index = waiting.findIndex((wait) => wait.topic === topic);
        if (index >= 0) waiting.splice(index, 1)[0]?.resolve(outcome);
      },
    });
    subscriber.start();
    await subscriber.whenSubscribed();
    publisher = await connectAsync(url);
  });
  afterAll(async () => {
    announceSubscriber(undefined);
    await publisher?.endAsync();
    await subscriber?.stop();
    await server?.close();
  });

  /** A topic under organisation A's namespace. */
  const underA = (topic: string, under = prefix) => `${under}${feeds.namespaces.a}/${topic}`;

  /** Publishes and waits until the subscriber has handled that message. */
  async function publish(topic: string, payload: unknown): Promise<MessageOutcome> {
    const done = new Promise<MessageOutcome>((resolve) => waiting.push({ topic, resolve }));
    await publisher.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), {
      qos: 1,
    });
    return done;
  }

  it('stores a TTS uplink, a ChirpStack uplink and plain values with their exact values and times', async () => {
    const tts = ttsUplink();
    tts.end_device_ids.dev_eui = feeds.devEuis.tts;
    expect(await publish(`v3/farm-sensors@ttn/devices/${feeds.devEuis.tts.toLowerCase()}/up`, tts)).toEqual({
      stored: 2,
      problems: [],
    });

    const chirp = chirpStackUplink();
    chirp.deviceInfo.devEui = feeds.devEuis.chirp.toLowerCase();
    chirp.data = Buffer.from('0167FFD7026880', 'hex').toString('base64');
    const chirpTopic = `application/0c5e8f3a-7d21-4b6e-9f0a-3e2d1c4b5a69/device/${feeds.devEuis.chirp.toLowerCase()}/event/up`;
    expect(await publish(chirpTopic, chirp)).toEqual({ stored: 2, problems: [] });

    const before = Date.now();
    expect(await publish(underA('boiler/flow'), '21.5')).toEqual({ stored: 1, problems: [] });
    const after = Date.now();
    expect(await publish(underA('room/temp'), { value: 19.25, ts: '2024-09-30T08:15:00Z' })).toEqual({
      stored: 1,
      problems: [],
    });

    expect(await readingsOf(server.db, feeds.points.soilTemperature)).toEqual([
      ['2024-09-30T08:14:05.412Z', 22.28],
    ]);
    expect(await readingsOf(server.db, feeds.points.soilMoisture)).toEqual([
      ['2024-09-30T08:14:05.412Z', 30],
    ]);
    expect(await readingsOf(server.db, feeds.points.chirpTemperature)).toEqual([
      ['2024-09-30T08:14:05.311Z', -4.1],
    ]);
    expect(await readingsOf(server.db, feeds.points.chirpHumidity)).toEqual([
      ['2024-09-30T08:14:05.311Z', 64],
    ]);
    expect(await readingsOf(server.db, feeds.points.roomTemperature)).toEqual([
      ['2024-09-30T08:15:00.000Z', 19.25],
    ]);
    const flow = await readingsOf(server.db, feeds.points.boilerFlow);
    expect(flow.map(([, value]) => value)).toEqual([21.5]);
    const flowTime = Date.parse(flow[0]?.[0] ?? '');
    expect(flowTime).toBeGreaterThanOrEqual(before);
    expect(flowTime).toBeLessThanOrEqual(after);
  });

  it("never writes another organisation's point from an uplink", async () => {
    const tts = ttsUplink();
    tts.end_device_ids.dev_eui = feeds.devEuis.hostile;
    tts.uplink_message.decoded_payload = { temperature: 99, battery: 3.6 };
    const outcome = await publish(
      underA(`v3/farm-sensors@ttn/devices/${feeds.devEuis.hostile.toLowerCase()}/up`),
      tts,
    );
    expect(outcome).toEqual({
      stored: 1,
      problems: [expect.stringMatching(/not one of the device's organisation/)],
    });
    expect(await readingsOf(server.db, feeds.points.bSecret)).toEqual([]);
    expect(await readingsOf(server.db, feeds.points.battery)).toEqual([['2024-09-30T08:14:05.412Z', 3.6]]);
  });

  it('logs a bad payload once a minute per topic and reason, without the payload', async () => {
    const topic = underA('boiler/flow');
    expect(await publish(topic, 'secret-looking-text')).toEqual({
      ignored: expect.stringMatching(/not a number/),
    });
    expect(await publish(topic, 'secret-looking-text')).toEqual({
      ignored: expect.stringMatching(/not a number/),
    });
    // A second, different reason on the same topic is not held back behind the first.
    expect(await publish(topic, { value: 1, ts: 'secret-looking-time' })).toEqual({
      ignored: expect.stringMatching(/is not RFC 3339/),
    });
    const lines = logged.filter((line) => line.includes(topic));
    expect(lines).toEqual([
      expect.stringMatching(/not a number/),
      expect.stringMatching(/"ts" .* is not RFC 3339/),
    ]);
    expect(logged.join('\n')).not.toContain('secret-looking-text');
  });

  it('tells the lorawan endpoint it is connected, and where to publish', async () => {
    announceSubscriber(subscriber);
    const response = await server.api('lorawan', feeds.a.token, {});
    expect(response.body.broker).toMatchObject({
      configured: true,
      connected: true,
      topicPrefix: underA(''),
      organisationUplinkTopics: [underA('v3/+/devices/+/up'), underA('application/+/device/+/event/up')],
    });
    expect(response.body.broker.dataPointTopics).toEqual([
      { dataPointId: feeds.points.boilerFlow, name: 'Boiler flow', topic: underA('boiler/flow') },
      { dataPointId: feeds.points.roomTemperature, name: 'Room temperature', topic: underA('room/temp') },
    ]);
  });

  it('shows the broker as lost while it is down, and takes readings again once it is back', async () => {
    // The shared broker cannot be stopped; a relay in front of it can. A prefix of its own keeps this
    // subscriber's messages apart from the suite's.
    const relay = await relayTo(serviceUrl('TEST_MQTT_URL'));
    const relayPrefix = `insights-relay-${randomBytes(4).toString('hex')}/`;
    const relayLog: string[] = [];
    const relayHandled: MessageOutcome[] = [];
    const relayed = new MqttSubscriber({
      db: server.db,
      url: relay.url,
      log: (line) => relayLog.push(line),
      topicPrefix: relayPrefix,
      onHandled: (_topic, outcome) => relayHandled.push(outcome),
    });
    const shownBroker = async () => (await server.api('lorawan', feeds.a.token, {})).body.broker;
    try {
      relayed.start();
      await within(5_000, relayed.whenSubscribed(), 'the first subscription');
      announceSubscriber(relayed);
      expect(await shownBroker()).toMatchObject({
        configured: true,
        connected: true,
        topicPrefix: underA('', relayPrefix),
      });

      await relay.stop();
      await waitFor(() => !relayed.connected, 5_000, 'the subscriber to notice the broker went away');
      expect(await shownBroker()).toMatchObject({ configured: true, connected: false });
      expect(relayLog).toContain(`mqtt: no connection to mqtt://${new URL(relay.url).host}; retrying in 1 s`);

      await relay.start();
      await within(10_000, relayed.whenSubscribed(), 'subscribing again after the broker came back');
      expect(await shownBroker()).toMatchObject({ configured: true, connected: true });
      await publisher.publishAsync(
        underA('room/temp', relayPrefix),
        JSON.stringify({ value: 18.5, ts: '2024-10-01T06:00:00Z' }),
        { qos: 1 },
      );
      await waitFor(() => relayHandled.length > 0, 5_000, 'the reading sent after the broker came back');
      expect(relayHandled).toEqual([{ stored: 1, problems: [] }]);
      expect(await readingsOf(server.db, feeds.points.roomTemperature)).toContainEqual([
        '2024-10-01T06:00:00.000Z',
        18.5,
      ]);
    } finally {
      announceSubscriber(undefined);
      await relayed.stop();
      await relay.stop();
    }
  });
});

describe('MQTT subscriber without a broker', () => {
  it('says why it cannot reach the broker and that it retries, never showing the password', async () => {
    const logged: string[] = [];
    // Port 1 refuses at once; nothing is listening there.
    const subscriber = new MqttSubscriber({
      db: undefined as never,
      url: 'mqtt://user:hunter2@127.0.0.1:1',
      log: (line) => logged.push(line),
    });
    subscriber.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await subscriber.stop();
    // What an operator reads in the log to find the broker is down, and where.
    expect(logged).toEqual([
      'mqtt: mqtt://127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1',
      'mqtt: no connection to mqtt://127.0.0.1:1; retrying in 1 s',
    ]);
  });
});
