/**
 * npm run bench:mqtt — how many MQTT messages a second the product stores:
 * its subscriber (integrations/mqtt/subscriber.ts, as the leading process
 * runs it) taking timestamped plain readings of 50 interval meters from this
 * machine's broker at QoS 1, each acknowledged once committed to the inbox
 * and written from there through the readings writer (deltas, rollups,
 * steps) with the others waiting, the figure counting a message once its
 * reading is stored. Beside it in the
 * same run, the reference: a bare mqtt.js client on the same broker and
 * database that inserts each message's reading as one row and acknowledges
 * it, in the same order, one at a time — the least a subscriber that loses
 * nothing can do. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * The devices publish no more than AHEAD messages past the last one stored,
 * so the broker's queue for the session (Mosquitto's max_queued_messages,
 * 1000 by default) never drops any: the figure is the rate sustained.
 *
 *   MQTT_URL (else TEST_MQTT_URL, else mqtt://127.0.0.1:1883) names the broker.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { connectAsync, type MqttClient } from 'mqtt';
import type { Database } from '../../server/db/database.ts';
import { MqttSubscriber } from '../../server/integrations/mqtt/subscriber.ts';
import { benchEngines, openEngine } from '../explorer/engine.ts';
import { createBenchUser, createSite, TIME_ZONE } from '../explorer/load-data.ts';
import { reportResult, round } from '../results-file.ts';

const BROKER_URL = process.env.MQTT_URL ?? process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const POINTS = 50;
const WARM_UP = 200;
const MESSAGES = 3_000;
/** Messages published and not yet stored, at most: well inside the broker's queue for one session. */
const AHEAD = 200;
const QUARTER_HOUR = 900_000;
/** Readings from here on, a quarter hour apart for each meter; the warm-up's come a day before. */
const START = Date.UTC(2024, 0, 1);
/** 100,000 meters each sending every 15 minutes. */
const GOAL_PER_SECOND = Math.ceil(100_000 / (15 * 60));

interface Meters {
  /** The topic each meter publishes to, by its position. */
  topics: string[];
  ids: number[];
}

/** Counts messages handled, and lets the devices wait for the count to reach a figure. */
class HandledCount {
  value = 0;
  private waiters: { at: number; resolve: () => void }[] = [];

  add(): void {
    this.value++;
    this.waiters = this.waiters.filter((waiter) => {
      if (this.value < waiter.at) return true;
      waiter.resolve();
      return false;
    });
  }

  reach(at: number): Promise<void> {
    if (this.value >= at) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ at, resolve }));
  }
}

/** A subscriber under test: the topic prefix it listens under, and its count of messages handled. */
interface Subscriber {
  prefix: string;
  handled: HandledCount;
  stop(): Promise<void>;
}

async function main(): Promise<void> {
  const { engines, note } = benchEngines();
  if (note) console.log(note);
  await checkBroker();
  const metrics: Record<string, number> = { points: POINTS, messages: MESSAGES, aheadAtMost: AHEAD };
  const reference: Record<string, number> = {};
  const ratios: number[] = [];
  const rates: { engine: string; perSecond: number }[] = [];
  for (const engine of engines) {
    const handle = await openEngine(engine);
    try {
      const { organisationId } = await createBenchUser(handle.db);
      await createReferenceTable(handle.db);
      const ours = await measure(handle.db, organisationId, (prefix) => productSubscriber(handle.db, prefix));
      const bare = await measure(handle.db, organisationId, (prefix) => bareSubscriber(handle.db, prefix));
      metrics[`${engine}MessagesPerSecond`] = round(ours, 1);
      reference[`${engine}BareMessagesPerSecond`] = round(bare, 1);
      metrics[`${engine}Ratio`] = round(ours / bare, 3);
      ratios.push(ours / bare);
      rates.push({ engine, perSecond: ours });
      console.log(`${engine}: ${round(ours, 1)} messages/s stored against ${round(bare, 1)} bare`);
    } finally {
      await handle.close();
    }
  }
  const ratio = round(Math.min(...ratios), 3);
  const slowest = rates.reduce((a, b) => (b.perSecond < a.perSecond ? b : a));
  reportResult(
    {
      name: 'mqtt',
      metrics,
      reference,
      ratio,
      goal: `the subscriber stores ≥ ${GOAL_PER_SECOND} messages/s (100,000 meters every 15 minutes) on every engine; ratio = its messages/s ÷ a bare subscriber's inserting one row each (worst engine)`,
      goalMet: slowest.perSecond >= GOAL_PER_SECOND,
    },
    `bench:mqtt ${round(slowest.perSecond, 1)} messages/s stored on ${slowest.engine}, the slower engine of ${engines.length}; ratio ${ratio} to a bare insert (worst)`,
    `≥ ${GOAL_PER_SECOND} messages/s`,
  );
}

/** Fails at once, saying where, when the broker cannot be reached. */
async function checkBroker(): Promise<void> {
  try {
    const client = await connectAsync(BROKER_URL, { connectTimeout: 5_000, reconnectPeriod: 0 }, false);
    await client.endAsync();
  } catch (error) {
    throw new Error(
      `bench:mqtt needs an MQTT broker at ${BROKER_URL} (set MQTT_URL): ${(error as Error).message}`,
    );
  }
}

/**
 * Messages a second one subscriber stores: a new organisation's meters, a
 * warm-up, then MESSAGES readings from the devices, timed from the first
 * publish to the last handled.
 */
async function measure(
  db: Database,
  organisationId: number,
  start: (prefix: string) => Promise<Subscriber>,
): Promise<number> {
  const run = randomBytes(4).toString('hex');
  const meters = await createMeters(db, organisationId, run);
  const subscriber = await start(`bench-${run}/`);
  const device = await connectAsync(BROKER_URL, { clientId: `bench-device-${run}`, protocolVersion: 5 });
  try {
    const topic = (position: number) => `${subscriber.prefix}${meters.topics[position % POINTS]}`;
    await publish(device, subscriber.handled, topic, START - 24 * 3_600_000, WARM_UP);
    const began = performance.now();
    await publish(device, subscriber.handled, topic, START, MESSAGES);
    const seconds = (performance.now() - began) / 1000;
    await expectStored(db, meters, WARM_UP + MESSAGES);
    return MESSAGES / seconds;
  } finally {
    device.end(true);
    await subscriber.stop();
  }
}

/** Publishes `count` readings round the meters, at most AHEAD past those handled, and waits for the last. */
async function publish(
  device: MqttClient,
  handled: HandledCount,
  topic: (position: number) => string,
  from: number,
  count: number,
): Promise<void> {
  const before = handled.value;
  for (let index = 0; index < count; index++) {
    await handled.reach(before + index - AHEAD + 1);
    const ts = from + Math.floor(index / POINTS) * QUARTER_HOUR;
    device.publish(topic(index), JSON.stringify({ value: 0.25 + (index % 7) / 100, ts }), { qos: 1 });
  }
  await handled.reach(before + count);
}

/** Each reading sent was stored once, or the figure means nothing. */
async function expectStored(db: Database, meters: Meters, expected: number): Promise<void> {
  const { rows } = await sql<{ stored: number }>`
    select (select count(*) from readings where data_point_id = any(${meters.ids}))
         + (select count(*) from bench_mqtt_reference where data_point_id = any(${meters.ids}))
      as stored
  `.execute(db);
  const stored = Number(rows[0]?.stored ?? 0);
  if (stored !== expected) throw new Error(`${expected} readings were sent and ${stored} stored`);
}

/** The product's subscriber, as the leading process runs it. */
async function productSubscriber(db: Database, prefix: string): Promise<Subscriber> {
  const handled = new HandledCount();
  const subscriber = new MqttSubscriber({
    db,
    url: BROKER_URL,
    log: (line) => console.log(line),
    topicPrefix: prefix,
    clientId: `insights-bench-${randomBytes(4).toString('hex')}`,
    // Gone with the bench: the broker keeps nothing for it once it disconnects.
    sessionExpirySeconds: 0,
    onHandled: () => handled.add(),
  });
  subscriber.start();
  await subscriber.whenSubscribed();
  return { prefix, handled, stop: () => subscriber.stop() };
}

/**
 * The reference: each message's reading inserted as one row and then
 * acknowledged, one message at a time in arrival order (as the product's
 * must, to write a meter's readings in order), its meters looked up in memory.
 */
async function bareSubscriber(db: Database, prefix: string): Promise<Subscriber> {
  const points = new Map<string, number>();
  for (const row of await db.selectFrom('data_points').select(['id', 'mqtt_topic']).execute()) {
    if (row.mqtt_topic) points.set(row.mqtt_topic, row.id);
  }
  const handled = new HandledCount();
  // A new client id with a clean session: nothing comes before the subscription below.
  const client = await connectAsync(BROKER_URL, {
    protocolVersion: 5,
    clientId: `bench-bare-${randomBytes(4).toString('hex')}`,
  });
  client.handleMessage = (packet, done) => {
    if (packet.cmd !== 'publish') return done();
    const { value, ts } = JSON.parse(String(packet.payload)) as { value: number; ts: number };
    const pointTopic = packet.topic.slice(prefix.length).split('/').slice(1).join('/');
    sql`insert into bench_mqtt_reference values (${points.get(pointTopic)}, ${new Date(ts)}, ${value})`
      .execute(db)
      .then(
        () => {
          done();
          handled.add();
        },
        (error: Error) => done(error),
      );
  };
  await client.subscribeAsync(`${prefix}#`, { qos: 1 });
  return { prefix, handled, stop: () => client.endAsync() };
}

/** The reference's table: a reading's point, time and value, keyed as the readings are. */
async function createReferenceTable(db: Database): Promise<void> {
  await sql`create table bench_mqtt_reference (
    data_point_id integer not null, ts timestamptz not null, value double precision not null,
    primary key (data_point_id, ts)
  )`.execute(db);
}

/** A site of the organisation's with POINTS interval meters, each on a topic of its own. */
async function createMeters(db: Database, organisationId: number, run: string): Promise<Meters> {
  const { mqtt_namespace: namespace } = await db
    .selectFrom('organisations')
    .select('mqtt_namespace')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  const siteId = await createSite(db, organisationId);
  const rows = await db
    .insertInto('data_points')
    .values(
      Array.from({ length: POINTS }, (_, position) => ({
        organisation_id: organisationId,
        entity_id: siteId,
        name: `Meter ${run}-${position}`,
        intent: 'electricity',
        unit: 'kWh',
        kind: 'interval' as const,
        time_zone: TIME_ZONE,
        mqtt_topic: `${run}/meter/${position}`,
        updated_at: new Date(),
      })),
    )
    .returning(['id', 'mqtt_topic'])
    .execute();
  return {
    topics: rows.map((row) => `${namespace}/${row.mqtt_topic}`),
    ids: rows.map((row) => row.id),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
