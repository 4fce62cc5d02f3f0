import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../db/test-database';
import { recordReadingsWritten } from '../../readings/readings-written.test-helper';
import { startTestApp } from '../../test-app';
import { feedsOfTwoOrganisations, readingsOf } from './feeds.test-helper';
import type { MessageOutcome } from './handle-message';
import { MqttInbox } from './inbox';
import { TopicPoints } from './topic-points';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const PREFIX = 'insights/';
const RECEIVED = Date.UTC(2024, 9, 1, 12, 0, 0);

/** The inbox without a broker: messages as the subscriber puts them, stored by one or more inboxes. */
describeEachEngine('the MQTT inbox on %s', (engine) => {
  let server: Server;
  let feeds: Awaited<ReturnType<typeof feedsOfTwoOrganisations>>;
  const topicA = (topic: string) => `${PREFIX}${feeds.namespaces.a}/${topic}`;

  beforeAll(async () => {
    server = await startTestApp(engine);
    feeds = await feedsOfTwoOrganisations(server);
  });
  afterAll(async () => server?.close());

  /** An inbox as a subscriber has it, counting what it tells of; `idle()` waits for its drain to end. */
  function inbox() {
    const handled: MessageOutcome[] = [];
    const failures: string[] = [];
    const topicPoints = new TopicPoints(server.db);
    const box = new MqttInbox({
      context: { db: server.db, prefix: PREFIX, topicPoints },
      handled: (_topic, outcome) => handled.push(outcome),
      failed: (error) => failures.push(error.message),
    });
    return {
      box,
      handled,
      failures,
      async idle() {
        await box.stop();
        topicPoints.close();
      },
    };
  }

  /** Messages put straight into the table, as a subscriber that stopped before storing them left them. */
  async function leave(messages: { topic: string; payload: unknown }[]) {
    await server.db
      .insertInto('mqtt_inbox')
      .values(
        messages.map(({ topic, payload }) => ({
          topic,
          payload: Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)),
          received_at: new Date(RECEIVED),
        })),
      )
      .execute();
  }

  const waiting = async () => (await server.db.selectFrom('mqtt_inbox').select('id').execute()).length;

  it("stores what a stopped subscriber left, each point's readings of a batch in one write, each reading once with two inboxes at it", async () => {
    const minutes = 240;
    const at = (minute: number) => Date.UTC(2024, 8, 30, 0, minute);
    await leave(
      Array.from({ length: minutes }, (_, minute) => [
        { topic: topicA('boiler/flow'), payload: { value: minute, ts: at(minute) } },
        { topic: topicA('room/temp'), payload: { value: minute / 2, ts: at(minute) } },
      ]).flat(),
    );
    const recorded = recordReadingsWritten();
    const first = inbox();
    const second = inbox();
    // Both take the waiting rows at once, as two processes' subscribers would after a restart.
    first.box.drainSoon();
    second.box.drainSoon();
    await first.idle();
    await second.idle();
    recorded.stop();

    expect(first.failures).toEqual([]);
    expect(second.failures).toEqual([]);
    expect(first.handled.length + second.handled.length).toBe(2 * minutes);
    expect(await waiting()).toBe(0);
    const day = (rows: [string, number][]) => rows.filter(([ts]) => ts.startsWith('2024-09-30'));
    expect(day(await readingsOf(server.db, feeds.points.boilerFlow))).toEqual(
      Array.from({ length: minutes }, (_, minute) => [new Date(at(minute)).toISOString(), minute]),
    );
    expect(day(await readingsOf(server.db, feeds.points.roomTemperature))).toEqual(
      Array.from({ length: minutes }, (_, minute) => [new Date(at(minute)).toISOString(), minute / 2]),
    );
    // A write per batch through the one readings writer, not one per message.
    expect(recorded.writes.length).toBeLessThanOrEqual(2);
    expect(recorded.writes.reduce((sum, write) => sum + write.written, 0)).toBe(2 * minutes);
    expect(recorded.writes.every((write) => write.source === 'mqtt')).toBe(true);
  });

  it('keeps the last message sent for an instant, and takes out what it cannot store, saying why', async () => {
    const ts = Date.UTC(2024, 9, 1, 6, 0);
    await leave([
      { topic: topicA('boiler/flow'), payload: { value: 40, ts } },
      { topic: topicA('nobody/here'), payload: '1' },
      { topic: topicA('boiler/flow'), payload: 'warm' },
      { topic: topicA('boiler/flow'), payload: { value: 41.5, ts } },
    ]);
    const only = inbox();
    only.box.drainSoon();
    await only.idle();

    expect(only.handled).toEqual([
      { stored: 1, problems: [] },
      { ignored: `no data point has the MQTT topic "nobody/here" in namespace "${feeds.namespaces.a}"` },
      { ignored: 'the payload is not a number or JSON like {"value": 21.5, "ts": "2024-09-30T08:00:00Z"}' },
      { stored: 1, problems: [] },
    ]);
    expect(await waiting()).toBe(0);
    const stored = await readingsOf(server.db, feeds.points.boilerFlow);
    expect(stored.filter(([at]) => at === new Date(ts).toISOString())).toEqual([
      [new Date(ts).toISOString(), 41.5],
    ]);
  });
});
