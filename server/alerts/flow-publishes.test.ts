import { randomBytes } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { namespaceOf } from '../integrations/mqtt/feeds.test-helper';
import { mqttPublisher } from '../integrations/mqtt/publisher';
import { startTestApp } from '../test-app';
import { describeWithService, serviceUrl } from '../test-services.test-helper';
import { evaluateFlows } from './evaluate-flows';
import { deliverPublishesDue } from './flow-publishes';
import { gatewayOf } from './gateway.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const MINUTE = 60_000;

/**
 * A flow's publish action against the real broker: what it queues with its
 * judgement reaches a subscriber on the organisation's namespace, each
 * message once, and what was sent is not sent again.
 */
// .ci/run sets TEST_MQTT_URL to this machine's Mosquitto.
describeWithService('TEST_MQTT_URL', "a flow's MQTT messages on a real broker", () => {
  // A prefix of this run's own, so runs sharing a broker never hear each other.
  const prefix = `insights-test-${randomBytes(4).toString('hex')}/`;
  let server: Server;
  let listener: MqttClient;
  let publisher: ReturnType<typeof mqttPublisher>;
  const heard: { topic: string; payload: string }[] = [];

  beforeAll(async () => {
    const url = serviceUrl('TEST_MQTT_URL');
    server = await startTestApp('pglite', { mqtt: { url, topicPrefix: prefix } });
    publisher = mqttPublisher(url, prefix);
    listener = await connectAsync(url);
    listener.on('message', (topic, payload) => heard.push({ topic, payload: payload.toString() }));
    await listener.subscribeAsync(`${prefix}#`, { qos: 1 });
  });
  afterAll(async () => {
    await listener?.endAsync();
    await publisher?.close();
    await server?.close();
  });

  /** The first organisation the tests made, to own a message written straight to the table. */
  const firstOrganisation = () =>
    server.db.selectFrom('organisations').select('id').orderBy('id').executeTakeFirstOrThrow();

  /** A new organisation's owner and one point of theirs, a level in a room. */
  async function ownerWithPoint(email: string, organisation: string, name: string, unit: string) {
    const owner = await server.memberOfNewOrganisation(email, organisation);
    const places = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Plant room');
    const added = await server.api('addDataPointsRef', owner.token, {
      dataPoints: [{ entityId: places.roomId, name, intent: 'other', unit, kind: 'instantaneous' }],
    });
    return { owner, pointId: added.body.dataPoints[0].id as number };
  }

  /** Asks for a flow of one point over `value`, publishing as `publish` says; the API's answer. */
  function publishingFlow(
    token: string,
    pointId: number,
    value: number,
    publish: { topic: string; payload: string; offPayload?: string },
  ) {
    return server.api('thresholds', token, {
      name: `Publish ${publish.topic}`,
      dataPointId: pointId,
      condition: {
        kind: 'flow',
        nodes: [
          { id: 'level', kind: 'point', dataPointId: pointId, x: 0, y: 0 },
          { id: 'high', kind: 'compare', op: 'above', value, hysteresis: 0, x: 200, y: 0 },
          { id: 'say', kind: 'publish', ...publish, x: 400, y: 0 },
        ],
        edges: [
          { from: 'level', to: 'high' },
          { from: 'high', to: 'say' },
        ],
      },
      severity: 'info',
      cooldownMinutes: 0,
      activeHours: null,
      enabled: true,
    });
  }

  it('sends "on" when the pump room is over 5 bar and "off" when it clears, each once, to the namespace', async () => {
    const { owner, pointId: pressure } = await ownerWithPoint(
      'owner@publish.test',
      'Publish Ltd',
      'Pressure',
      'bar',
    );
    const made = await publishingFlow(owner.token, pressure, 5, {
      topic: 'valves/relief',
      payload: 'on',
      offPayload: 'off',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const gateway = await gatewayOf(server, owner.token);
    const start = Date.now() - 60 * MINUTE;
    await gateway.push([
      { dataPoint: pressure, ts: start, value: 3 },
      { dataPoint: pressure, ts: start + 10 * MINUTE, value: 6 },
      { dataPoint: pressure, ts: start + 20 * MINUTE, value: 4 },
    ]);
    await evaluateFlows(server.db, { now: new Date(), publicUrl: 'http://insights.test' });
    const signal = new AbortController().signal;
    expect(await deliverPublishesDue(server.db, publisher.publish, signal)).toBe(2);
    // Sent is sent: a second delivery finds nothing due.
    expect(await deliverPublishesDue(server.db, publisher.publish, signal)).toBe(0);
    const topic = `${prefix}${await namespaceOf(server.db, owner.organisationId)}/valves/relief`;
    await expect.poll(() => heard.length).toBe(2);
    expect(heard).toEqual([
      { topic, payload: 'on' },
      { topic, payload: 'off' },
    ]);
  });

  it('keeps a message it could not send, with the error, for a later try', async () => {
    const before = await server.db
      .selectFrom('flow_publishes')
      .select('id')
      .where('sent_at', 'is', null)
      .execute();
    expect(before).toEqual([]);
    const owner = await firstOrganisation();
    await server.db
      .insertInto('flow_publishes')
      .values({ organisation_id: owner.id, rule_id: null, topic: 'valves/relief', payload: 'on' })
      .execute();
    const refused = async () => {
      throw new Error('the MQTT broker could not be reached: connect ECONNREFUSED');
    };
    expect(await deliverPublishesDue(server.db, refused, new AbortController().signal)).toBe(0);
    const kept = await server.db
      .selectFrom('flow_publishes')
      .select(['attempts', 'error', 'sent_at'])
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({
      attempts: 1,
      error: 'the MQTT broker could not be reached: connect ECONNREFUSED',
      sent_at: null,
    });
  });

  it('sends each message once when two processes deliver at the same time, holding no transaction while it does', async () => {
    await server.db.deleteFrom('flow_publishes').execute();
    const owner = await firstOrganisation();
    await server.db
      .insertInto('flow_publishes')
      .values(
        ['a', 'b', 'c'].map((payload) => ({
          organisation_id: owner.id,
          rule_id: null,
          topic: 'valves/relief',
          payload,
        })),
      )
      .execute();
    const published: string[] = [];
    const slowBroker = async (_namespace: string, _topic: string, payload: string) => {
      // While the broker takes its time the database answers others: the message is claimed, not locked.
      await server.db.selectFrom('flow_publishes').select('id').execute();
      await new Promise((resolve) => setTimeout(resolve, 30));
      published.push(payload);
    };
    const signal = new AbortController().signal;
    const sent = await Promise.all([
      deliverPublishesDue(server.db, slowBroker, signal),
      deliverPublishesDue(server.db, slowBroker, signal),
    ]);
    expect(sent[0] + sent[1]).toBe(3);
    expect(published.sort()).toEqual(['a', 'b', 'c']);
  });

  it('refuses to publish to the topic a point the flow reads listens to, where its message would come back as a reading', async () => {
    const { owner, pointId: boiler } = await ownerWithPoint('owner@echo.test', 'Echo Ltd', 'Boiler', '°C');
    await server.db
      .updateTable('data_points')
      .set({ mqtt_topic: 'boiler/temp' })
      .where('id', '=', boiler)
      .execute();
    const answer = await publishingFlow(owner.token, boiler, 80, { topic: 'boiler/temp', payload: '1' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.issues[0].pointer).toBe('/condition/nodes/2/topic');
    expect(answer.body.message).toMatch(/would feed the flow its own output/);
  });
});
