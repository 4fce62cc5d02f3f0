import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../db/test-database';
import { startTestApp } from '../../test-app';
import { describeWithService, serviceUrl } from '../../test-services.test-helper';
import { chirpStackUplink, ttsUplink } from '../lorawan/uplink-examples.test-helper';
import { announceSubscriber } from './broker-status';
import { feedsOfTwoOrganisations, readingsOf } from './feeds.test-helper';
import type { MessageOutcome } from './handle-message';
import { startPrivateBroker } from './private-broker.test-helper';
import { MqttSubscriber, type MqttSubscriberOptions } from './subscriber';
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

/** A client id of its own: a second client with the same id would take the first one's session over. */
const ownClientId = () => `insights-test-${randomBytes(6).toString('hex')}`;
/** Long enough to outlast a test's disconnection; the broker forgets the test's sessions soon after. */
const TEST_SESSION_EXPIRY_SECONDS = 30;
/** Time for a message delivered twice to show up twice before the counts are checked. */
const SETTLE_MS = 500;

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

  interface Member {
    subscriber: MqttSubscriber;
    handled: MessageOutcome[];
  }

  /** A server process's subscriber on the suite's database: a persistent session, counting what it handles. */
  function member(under: string, options: Partial<MqttSubscriberOptions> = {}): Member {
    const handled: MessageOutcome[] = [];
    const subscriber = new MqttSubscriber({
      db: server.db,
      url: serviceUrl('TEST_MQTT_URL'),
      log: () => {},
      topicPrefix: under,
      clientId: ownClientId(),
      sessionExpirySeconds: TEST_SESSION_EXPIRY_SECONDS,
      onHandled: (_topic, outcome) => handled.push(outcome),
      ...options,
    });
    return { subscriber, handled };
  }

  const handledBy = (members: Member[]) => members.reduce((sum, { handled }) => sum + handled.length, 0);

  /** Publishes readings of A's room temperature under `under` at QoS 1, a minute apart from `from`. */
  async function publishReadings(
    under: string,
    count: number,
    from: string,
    client: MqttClient = publisher,
  ): Promise<[string, number][]> {
    const sent: [string, number][] = [];
    for (let value = 0; value < count; value++) {
      const ts = new Date(Date.parse(from) + value * 60_000).toISOString();
      await client.publishAsync(underA('room/temp', under), JSON.stringify({ value, ts }), { qos: 1 });
      sent.push([ts, value]);
    }
    return sent;
  }

  /**
   * Waits until the members have handled every reading sent, and a while longer for any second delivery;
   * then each reading must be stored and handled once. Readings at one instant are stored once however
   * often they come, so the handled count is what shows a message handled twice.
   */
  async function expectEachStoredOnce(members: Member[], sent: [string, number][]): Promise<void> {
    await waitFor(() => handledBy(members) >= sent.length, 10_000, `${sent.length} readings handled`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    expect(handledBy(members)).toBe(sent.length);
    expect(members.flatMap(({ handled }) => handled)).toEqual(sent.map(() => ({ stored: 1, problems: [] })));
    const day = sent[0]?.[0].slice(0, 10) ?? '';
    const stored = await readingsOf(server.db, feeds.points.roomTemperature);
    expect(stored.filter(([ts]) => ts.startsWith(day))).toEqual(sent);
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

  it("keeps the session's messages while its connection is down, and delivers them once it is back", async () => {
    const relay = await relayTo(serviceUrl('TEST_MQTT_URL'));
    const under = `insights-away-${randomBytes(4).toString('hex')}/`;
    const away = member(under, { url: relay.url });
    try {
      away.subscriber.start();
      await within(5_000, away.subscriber.whenSubscribed(), 'the subscription');

      await relay.stop();
      await waitFor(() => !away.subscriber.connected, 5_000, 'the cut connection to be noticed');
      const sent = await publishReadings(under, 4, '2024-11-02T00:00:00Z');
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      expect(away.handled).toEqual([]);

      await relay.start();
      await expectEachStoredOnce([away], sent);
    } finally {
      await away.subscriber.stop();
      await relay.stop();
    }
  });

  it('hands the session, by its client id, to the process that takes it over, with what came while none held it', async () => {
    const under = `insights-takeover-${randomBytes(4).toString('hex')}/`;
    const clientId = ownClientId();
    const stopped = member(under, { clientId });
    const next = member(under, { clientId });
    try {
      stopped.subscriber.start();
      await within(5_000, stopped.subscriber.whenSubscribed(), 'the first subscription');
      const before = await publishReadings(under, 3, '2024-11-03T00:00:00Z');
      await waitFor(() => stopped.handled.length >= 3, 5_000, 'the readings sent before the stop');

      await stopped.subscriber.stop();
      const meanwhile = await publishReadings(under, 4, '2024-11-03T00:03:00Z');
      // Not waited on to subscribe: the waiting messages come as soon as it connects.
      next.subscriber.start();
      await expectEachStoredOnce([stopped, next], [...before, ...meanwhile]);
      expect(stopped.handled).toHaveLength(3);
      expect(next.handled).toHaveLength(4);
    } finally {
      await Promise.all([stopped, next].map(({ subscriber }) => subscriber.stop()));
    }
  });

  it('takes readings again, each once, after the broker itself restarts, those sent before it subscribed again too', async () => {
    // A Mosquitto of this test's own, restarted as its service would be, from its persistence file.
    const broker = await startPrivateBroker();
    // The process reaches it through a relay, which keeps it away after the restart until the devices are back.
    const relay = await relayTo(broker.url);
    const under = `insights-broker-restart-${randomBytes(4).toString('hex')}/`;
    const logged: string[] = [];
    const process = member(under, { url: relay.url, log: (line) => logged.push(line) });
    // A device with a session of its own, as a gateway keeps one: what the broker had not acknowledged goes again.
    const device = await connectAsync(broker.url, {
      clientId: ownClientId(),
      clean: false,
      properties: { sessionExpiryInterval: TEST_SESSION_EXPIRY_SECONDS },
      reconnectPeriod: 100,
    });
    try {
      process.subscriber.start();
      await within(5_000, process.subscriber.whenSubscribed(), 'the subscription');
      const before = await publishReadings(under, 5, '2024-11-05T00:00:00Z', device);
      await waitFor(() => process.handled.length >= 5, 10_000, 'the readings sent before the restart');
      // Their acknowledgements on their way through the relay: a broker stopped before it has them sends the
      // messages again after its restart, as QoS 1 allows, and this test counts each delivery.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      await broker.restart(async () => {
        await relay.stop();
        await waitFor(() => !process.subscriber.connected, 5_000, 'the subscriber to notice the broker went');
      });
      // The device is back first: no process has subscribed on the restarted broker when these arrive. The
      // session's plain subscriptions, kept in the broker's persistence file, hold them for it.
      const during = await publishReadings(under, 5, '2024-11-05T00:05:00Z', device);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      expect(process.handled).toHaveLength(5);

      await relay.start();
      await within(15_000, process.subscriber.whenSubscribed(), 'subscribing again after the restart');
      const after = await publishReadings(under, 5, '2024-11-05T00:10:00Z', device);
      await expectEachStoredOnce([process], [...before, ...during, ...after]);
      expect(logged).toContain(`mqtt: no connection to ${relay.url}; retrying in 1 s`);
    } finally {
      await device.endAsync(true);
      await process.subscriber.stop();
      await relay.stop();
      await broker.stop();
    }
  }, 60_000);

  /** Makes the database refuse inserts into `table` while the returned flag is up (take it down with lift()). */
  async function refuseInserts(table: 'readings' | 'mqtt_inbox') {
    await sql`create table refuse_inserts (up boolean)`.execute(server.db);
    await sql`insert into refuse_inserts values (true)`.execute(server.db);
    await sql`create function refuse_insert() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from refuse_inserts) then raise exception 'the database is away'; end if;
        return new;
      end $$`.execute(server.db);
    await sql`create trigger refuse_insert before insert on ${sql.table(table)} for each row execute function refuse_insert()`.execute(
      server.db,
    );
    return {
      lift: () => sql`delete from refuse_inserts`.execute(server.db),
      async drop() {
        await sql`drop trigger refuse_insert on ${sql.table(table)}`.execute(server.db);
        await sql`drop function refuse_insert`.execute(server.db);
        await sql`drop table refuse_inserts`.execute(server.db);
      },
    };
  }

  it('acknowledges a message only once it is kept: one the database refused to keep comes again', async () => {
    const under = `insights-refused-${randomBytes(4).toString('hex')}/`;
    const logged: string[] = [];
    const alone = member(under, { log: (line) => logged.push(line) });
    // The database refuses to keep messages while the flag is up, as one restarting would.
    const refusal = await refuseInserts('mqtt_inbox');
    try {
      alone.subscriber.start();
      await within(5_000, alone.subscriber.whenSubscribed(), 'the subscription');
      const sent = await publishReadings(under, 1, '2024-11-04T00:00:00Z');
      await waitFor(
        () =>
          logged.some(
            (line) => line.includes('the database is away') && line.includes('the broker keeps it'),
          ),
        5_000,
        'the refusal',
      );
      expect(alone.handled).toEqual([]);
      await refusal.lift();
      // Handed over again once the subscriber is back on the broker (its first retry, a second later).
      await expectEachStoredOnce([alone], sent);
    } finally {
      await alone.subscriber.stop();
      await refusal.drop();
    }
  });

  it('keeps readings the database would not store in the inbox, and stores each once when it can', async () => {
    const under = `insights-kept-${randomBytes(4).toString('hex')}/`;
    const logged: string[] = [];
    const alone = member(under, { log: (line) => logged.push(line) });
    const refusal = await refuseInserts('readings');
    try {
      alone.subscriber.start();
      await within(5_000, alone.subscriber.whenSubscribed(), 'the subscription');
      const sent = await publishReadings(under, 3, '2024-11-07T00:00:00Z');
      await waitFor(
        () => logged.some((line) => line.includes('readings waiting in the inbox could not be stored')),
        5_000,
        'the refusal',
      );
      expect(alone.handled).toEqual([]);
      // Acknowledged, so the broker has let them go: they are in the inbox, and only there.
      const waiting = await server.db
        .selectFrom('mqtt_inbox')
        .select('topic')
        .where('topic', 'like', `${under}%`)
        .execute();
      expect(waiting).toHaveLength(3);
      await refusal.lift();
      // The inbox tries again a second after the refusal.
      await expectEachStoredOnce([alone], sent);
      expect(
        await server.db.selectFrom('mqtt_inbox').select('id').where('topic', 'like', `${under}%`).execute(),
      ).toEqual([]);
    } finally {
      await alone.subscriber.stop();
      await refusal.drop();
    }
  });
});

describe('MQTT subscriber without a broker', () => {
  it('says why it cannot reach the broker and that it retries, never showing the password', async () => {
    const logged: string[] = [];
    // The subscriber follows the database's points from the start; no message reaches it here.
    const database = await openTestDatabase('pglite');
    // Port 1 refuses at once; nothing is listening there.
    const subscriber = new MqttSubscriber({
      db: database.db,
      url: 'mqtt://user:hunter2@127.0.0.1:1',
      log: (line) => logged.push(line),
    });
    subscriber.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await subscriber.stop();
    await database.close();
    // What an operator reads in the log to find the broker is down, and where.
    expect(logged).toEqual([
      'mqtt: mqtt://127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1',
      'mqtt: no connection to mqtt://127.0.0.1:1; retrying in 1 s',
    ]);
  });
});
