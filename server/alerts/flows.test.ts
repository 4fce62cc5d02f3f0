import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FlowCondition } from '../../src/generated/api-types';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { evaluateFlows } from './evaluate-flows';
import { gatewayOf } from './gateway.test-helper';
import { ruleHistory } from './rule-history.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const MINUTE = 60_000;

/**
 * A flow from the logic builder, judged live and replayed: a room too warm
 * while people are in it, for ten minutes, opens an alert and switches a
 * fan on (a reading of the fan's point), and switches it off again.
 */
describeEachEngine('flows on %s', (engine) => {
  let server: Server;
  let token: string;
  let gateway: Awaited<ReturnType<typeof gatewayOf>>;
  let temperature: number;
  let occupancy: number;
  let fan: number;
  let otherPoint: number;

  beforeAll(async () => {
    server = await startTestApp(engine);
    const owner = await server.memberOfNewOrganisation('owner@flows.test', 'Flows Ltd');
    token = owner.token;
    const places = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Meeting room');
    const added = await server.api('addDataPointsRef', token, {
      dataPoints: [
        {
          entityId: places.roomId,
          name: 'Room temperature',
          intent: 'temperature',
          unit: '°C',
          kind: 'instantaneous',
        },
        { entityId: places.roomId, name: 'People in', intent: 'other', unit: 'n', kind: 'instantaneous' },
        { entityId: places.roomId, name: 'Fan', intent: 'other', unit: 'n', kind: 'instantaneous' },
      ],
    });
    [temperature, occupancy, fan] = added.body.dataPoints.map((point: { id: number }) => point.id);
    gateway = await gatewayOf(server, token);
    const other = await server.memberOfNewOrganisation('owner@elsewhere.test', 'Elsewhere Ltd');
    const theirs = await siteWithRoom(server.db, other.organisationId, 'Europe/London', 'Their room');
    const made = await server.api('addDataPointsRef', other.token, {
      dataPoints: [
        { entityId: theirs.roomId, name: 'Their meter', intent: 'other', unit: 'n', kind: 'instantaneous' },
      ],
    });
    otherPoint = made.body.dataPoints[0].id;
  });
  afterAll(async () => server?.close());

  /** Warm (over 25 °C, clearing under 24) and occupied, for ten minutes: notify, and the fan on (1) or off (0). */
  const warmAndOccupied = (): FlowCondition => ({
    kind: 'flow',
    nodes: [
      { id: 'temp', kind: 'point', dataPointId: temperature, x: 0, y: 0 },
      { id: 'people', kind: 'point', dataPointId: occupancy, x: 0, y: 120 },
      { id: 'warm', kind: 'compare', op: 'above', value: 25, hysteresis: 1, x: 200, y: 0 },
      { id: 'busy', kind: 'compare', op: 'above', value: 0, hysteresis: 0, x: 200, y: 120 },
      { id: 'both', kind: 'and', x: 400, y: 60 },
      { id: 'held', kind: 'for', minutes: 10, x: 600, y: 60 },
      { id: 'tell', kind: 'notify', x: 800, y: 0 },
      { id: 'fan', kind: 'write', dataPointId: fan, value: 1, offValue: 0, x: 800, y: 120 },
    ],
    edges: [
      { from: 'temp', to: 'warm' },
      { from: 'people', to: 'busy' },
      { from: 'warm', to: 'both' },
      { from: 'busy', to: 'both' },
      { from: 'both', to: 'held' },
      { from: 'held', to: 'tell' },
      { from: 'held', to: 'fan' },
    ],
  });

  const rule = (condition: FlowCondition, dataPointId = temperature) => ({
    name: 'Meeting room too warm',
    dataPointId,
    condition,
    severity: 'warning',
    cooldownMinutes: 0,
    activeHours: null,
    enabled: true,
  });

  const rulesStored = async () => (await server.db.selectFrom('alert_rules').select('id').execute()).length;

  it('refuses a flow that cannot be judged, at its pointer, and stores nothing', async () => {
    const before = await rulesStored();
    const flow = warmAndOccupied();
    const cases: {
      condition: FlowCondition;
      dataPointId?: number;
      status: number;
      pointer?: string;
      says: RegExp;
    }[] = [
      {
        // held → both closes a circle: both → held → both.
        condition: { ...flow, edges: [...flow.edges, { from: 'held', to: 'both' }] },
        status: 400,
        pointer: '/condition/nodes/',
        says: /goes round in a circle/,
      },
      {
        condition: {
          ...flow,
          nodes: flow.nodes.map((node) => (node.id === 'both' ? { ...node, kind: 'xor' as 'and' } : node)),
        },
        status: 400,
        pointer: '/condition/nodes/4/kind',
        says: /allowed values|one of/,
      },
      {
        condition: {
          ...flow,
          edges: flow.edges.filter((edge) => edge.to !== 'tell' || edge.from !== 'held'),
        },
        status: 400,
        pointer: '/condition/nodes/6',
        says: /takes 1 input and has 0/,
      },
      {
        condition: { ...flow, edges: [...flow.edges, { from: 'temp', to: 'held' }] },
        status: 400,
        pointer: '/condition/edges/7',
        says: /takes a condition, and "temp" \(point\) gives a number/,
      },
      {
        condition: {
          ...flow,
          nodes: flow.nodes.map((node) => (node.id === 'fan' ? { ...node, dataPointId: temperature } : node)),
        },
        status: 400,
        pointer: '/condition/nodes/7/dataPointId',
        says: /would feed the flow its own output/,
      },
      {
        condition: {
          ...flow,
          nodes: flow.nodes.map((node) =>
            node.id === 'fan'
              ? { id: 'fan', kind: 'publish', topic: 'fans/meeting', payload: 'on', x: 0, y: 0 }
              : node,
          ),
        },
        status: 400,
        pointer: '/condition/nodes/7',
        says: /no MQTT broker/,
      },
      {
        condition: {
          ...flow,
          nodes: flow.nodes.map((node) =>
            node.id === 'people' ? { ...node, dataPointId: otherPoint } : node,
          ),
        },
        status: 404,
        says: /no data point #\d+ in your organisation/,
      },
      {
        condition: flow,
        dataPointId: fan,
        status: 400,
        pointer: '/dataPointId',
        says: /one of the points it reads/,
      },
    ];
    for (const { condition, dataPointId, status, pointer, says } of cases) {
      const answer = await server.api('thresholds', token, rule(condition, dataPointId));
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.message).toMatch(says);
      if (pointer) expect(answer.body.issues[0].pointer).toContain(pointer);
    }
    expect(await rulesStored()).toBe(before);
  });

  it('fires once warm and occupied for ten minutes, writes the fan on, then resolves and writes it off; the replay finds the same', async () => {
    const made = await server.api('thresholds', token, rule(warmAndOccupied()));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const ruleId = made.body.rule.id as number;
    const start = Math.floor((Date.now() - 3 * 60 * MINUTE) / MINUTE) * MINUTE;
    const at = (minutes: number) => start + minutes * MINUTE;
    // Warm from minute 10 to 60 (24.5 at 40 stays warm: within the hysteresis), occupied from 20 to 50.
    const temps: [number, number][] = [
      [0, 22],
      [10, 26],
      [20, 27],
      [25, 27],
      [30, 27],
      [40, 24.5],
      [50, 27],
      [60, 23],
    ];
    const people: [number, number][] = [
      [0, 0],
      [20, 3],
      [50, 0],
    ];
    await gateway.push([
      ...temps.map(([minute, value]) => ({ dataPoint: temperature, ts: at(minute), value })),
      ...people.map(([minute, value]) => ({ dataPoint: occupancy, ts: at(minute), value })),
    ]);
    const now = new Date(at(120));
    await evaluateFlows(server.db, { now, publicUrl: 'http://insights.test' });

    // Both from minute 20: held for ten minutes at the reading of minute 30; cleared at minute 50.
    expect(await ruleHistory(server.db, ruleId)).toEqual([
      { at: at(30), to: 'pending', value: 27 },
      { at: at(30), to: 'firing', value: 27 },
      { at: at(50), to: 'resolved', value: 27 },
    ]);
    const fanReadings = await server.db
      .selectFrom('readings')
      .select(['ts', 'value'])
      .where('data_point_id', '=', fan)
      .orderBy('ts')
      .execute();
    expect(fanReadings.map((row) => [row.ts.getTime(), row.value])).toEqual([
      [at(30), 1],
      [at(50), 0],
    ]);
    const bell = await server.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bell.json().unread).toBe(2);
    expect(bell.body).toContain('Meeting room too warm');

    // Judged again with nothing new: nothing more happens.
    await evaluateFlows(server.db, { now: new Date(at(121)), publicUrl: 'http://insights.test' });
    expect(await ruleHistory(server.db, ruleId)).toHaveLength(3);

    const { name: _name, ...replayed } = rule(warmAndOccupied());
    const replay = await server.api('thresholds/replay', token, { ...replayed, days: 1 });
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body.fired).toBe(1);
    expect(replay.body.firings).toEqual([
      { firedAt: new Date(at(30)).toISOString(), resolvedAt: new Date(at(50)).toISOString(), value: 27 },
    ]);
  });

  it('goes on judging a flow once a point it reads is deleted, reading the points it still has', async () => {
    const made = await server.api('thresholds', token, {
      ...rule(warmAndOccupied()),
      name: 'Warm while occupied, later',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const deleted = await server.api('deleteDataPoint', token, { dataPointId: occupancy });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const heard = Date.now() - MINUTE;
    await gateway.push([{ dataPoint: temperature, ts: heard, value: 30 }]);
    await evaluateFlows(server.db, { now: new Date(), publicUrl: 'http://insights.test' });
    const stored = await server.db
      .selectFrom('alert_rules')
      .select(['input_point_ids', 'state'])
      .where('id', '=', made.body.rule.id)
      .executeTakeFirstOrThrow();
    // Judged up to the new reading, and no longer watching the deleted point.
    expect(stored.input_point_ids).toEqual([temperature]);
    expect((stored.state as { flow: { through: number } }).flow.through).toBe(heard);
  });

  it('judges a flow again with no news only where time alone can change it', async () => {
    const timeless: FlowCondition = {
      kind: 'flow',
      nodes: [
        { id: 'temp', kind: 'point', dataPointId: temperature, x: 0, y: 0 },
        { id: 'warm', kind: 'compare', op: 'above', value: 25, hysteresis: 0, x: 200, y: 0 },
        { id: 'tell', kind: 'notify', x: 400, y: 0 },
      ],
      edges: [
        { from: 'temp', to: 'warm' },
        { from: 'warm', to: 'tell' },
      ],
    };
    const held: FlowCondition = {
      ...timeless,
      nodes: [...timeless.nodes, { id: 'held', kind: 'for', minutes: 5, x: 300, y: 0 }],
      edges: [
        { from: 'temp', to: 'warm' },
        { from: 'warm', to: 'held' },
        { from: 'held', to: 'tell' },
      ],
    };
    const ids: number[] = [];
    for (const [name, condition] of [
      ['Warm, at once', timeless],
      ['Warm for 5 min', held],
    ] as const) {
      const made = await server.api('thresholds', token, { ...rule(condition), name });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      ids.push(made.body.rule.id);
    }
    const judgedAt = async () =>
      (
        await server.db
          .selectFrom('alert_rules')
          .select(['id', 'state'])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute()
      ).map((row) => (row.state as { flow: { at: number } }).flow.at);
    // A new reading is news to both: each is judged up to it and at now.
    await gateway.push([{ dataPoint: temperature, ts: Date.now(), value: 21 }]);
    const later = Date.now() + 10 * MINUTE;
    await evaluateFlows(server.db, { now: new Date(later), publicUrl: 'http://insights.test' });
    expect(await judgedAt()).toEqual([later, later]);
    // Two minutes on, nothing new: the flow with a for step is judged at the new now, the other is left alone.
    await evaluateFlows(server.db, { now: new Date(later + 2 * MINUTE), publicUrl: 'http://insights.test' });
    expect(await judgedAt()).toEqual([later, later + 2 * MINUTE]);
  });

  it('keeps a firing flow firing when it is saved with its steps moved, or renamed', async () => {
    const flow: FlowCondition = {
      kind: 'flow',
      nodes: [
        { id: 'temp', kind: 'point', dataPointId: temperature, x: 0, y: 0 },
        { id: 'hot', kind: 'compare', op: 'above', value: 28, hysteresis: 0, x: 200, y: 0 },
        { id: 'tell', kind: 'notify', x: 400, y: 0 },
      ],
      edges: [
        { from: 'temp', to: 'hot' },
        { from: 'hot', to: 'tell' },
      ],
    };
    const made = await server.api('thresholds', token, { ...rule(flow), name: 'Hot' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await gateway.push([{ dataPoint: temperature, ts: Date.now(), value: 30 }]);
    await evaluateFlows(server.db, { now: new Date(), publicUrl: 'http://insights.test' });
    const moved: FlowCondition = {
      ...flow,
      nodes: flow.nodes.map((step) => ({ ...step, x: step.x + 50, y: step.y + 20 })),
    };
    const saved = await server.api(
      `thresholds/${made.body.rule.id}`,
      token,
      { ...rule(moved), name: 'Hot, renamed' },
      'PUT',
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.rule.state).toBe('firing');
    expect((await ruleHistory(server.db, made.body.rule.id)).map((event) => event.to)).toEqual([
      'pending',
      'firing',
    ]);
  });
});
