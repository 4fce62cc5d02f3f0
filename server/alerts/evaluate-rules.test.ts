import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { judgeReadings, NORMAL, type Reading } from './evaluate';
import { evaluateRules, type RulesCache } from './evaluate-rules';
import { gatewayOf } from './gateway.test-helper';
import { ruleHistory } from './rule-history.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const MINUTE = 60_000;

/**
 * The evaluator judges the rules of many points together, reading each
 * point's readings once for all its rules and in pieces: whatever the
 * grouping, each rule must decide what it would have decided judging its own
 * readings alone, from where it had got to.
 */
describeEachEngine('judging the rules of many points together on %s', (engine) => {
  let server: Server;
  let token: string;
  let gateway: Awaited<ReturnType<typeof gatewayOf>>;
  let hall: number;
  let office: number;
  let lab: number;
  let store: number;
  let organisationId: number;

  beforeAll(async () => {
    server = await startTestApp(engine);
    const owner = await server.memberOfNewOrganisation('owner@evaluate.test', 'Evaluate Ltd');
    token = owner.token;
    organisationId = owner.organisationId;
    const places = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Plant room');
    const added = await server.api('addDataPointsRef', token, {
      dataPoints: ['Hall', 'Office', 'Lab', 'Store'].map((name) => ({
        entityId: places.roomId,
        name,
        intent: 'temperature',
        unit: '°C',
        kind: 'instantaneous',
      })),
    });
    [hall, office, lab, store] = added.body.dataPoints.map((point: { id: number }) => point.id);
    gateway = await gatewayOf(server, token);
  });
  afterAll(async () => server?.close());

  const start = Date.now() - 12 * 60 * MINUTE;
  /** Quarter-hours with warm spells of different lengths, shifted so that two points' differ. */
  const readings = (shift: number, from: number, to: number): Reading[] =>
    Array.from({ length: to - from }, (_, offset) => {
      const index = from + offset;
      const warm = (index + shift) % 11 < 3 + (index % 3);
      return { ts: start + index * 15 * MINUTE, value: warm ? 24 + (index % 4) : 19 + (index % 2) };
    });

  const push = (point: number, series: Reading[]) =>
    gateway.push(series.map(({ ts, value }) => ({ dataPoint: point, ts, value })));

  /** Up by more than 10 °C an hour: a warm spell's first quarter-hour. */
  const warmingFast = { kind: 'rises', perHour: 10 } as const;

  function ruleOn(dataPointId: number, name: string, value: number, forMinutes: number) {
    return {
      name,
      dataPointId,
      condition: { kind: 'above', value, hysteresis: 1, forMinutes },
      severity: 'info',
      cooldownMinutes: 0,
      activeHours: null,
      enabled: true,
    };
  }

  async function create(
    rule: Omit<ReturnType<typeof ruleOn>, 'condition'> & { condition: object },
  ): Promise<number> {
    const created = await server.api('thresholds', token, rule);
    expect(created.status).toBe(200);
    return created.body.rule.id;
  }

  /** What a rule stored: its alerts' history, oldest first. */
  const history = (ruleId: number) => ruleHistory(server.db, ruleId);

  it('judges each rule from where it had got to, however many rules share a point and however the readings are read', async () => {
    const early = [
      await create(ruleOn(hall, 'Hall warm', 23, 0)),
      await create(ruleOn(hall, 'Hall warm for half an hour', 23, 30)),
      await create(ruleOn(office, 'Office warm', 25, 15)),
      // A rate is measured from the reading before: across evaluations and pieces, from the one judged last.
      await create({ ...ruleOn(office, 'Office warming fast', 0, 0), condition: warmingFast }),
    ];
    // The rules this process has read, kept from one evaluation to the next as the job keeps them.
    const cache: RulesCache = new Map();
    const now = new Date();
    // Seven readings a piece: each point is read in several pieces, its rules judged from each.
    const evaluate = () =>
      evaluateRules(server.db, { now, publicUrl: 'http://insights.test', readingsPerPiece: 7, cache });
    const hallFirst = readings(0, 0, 20);
    const officeFirst = readings(5, 0, 20);
    await push(hall, hallFirst);
    await push(office, officeFirst);
    // Alerts fired: the organisation's members were notified (no mail: nobody chose it).
    expect(await evaluate()).toEqual({
      judged: 4,
      changed: true,
      deliveriesQueued: false,
      notified: [organisationId],
    });
    // A rule made now starts from the hall's last reading: what came before is history, not news.
    const late = await create(ruleOn(hall, 'Hall warm, from now', 23, 0));
    const hallThen = readings(0, 20, 45);
    const officeThen = readings(5, 20, 45);
    await push(hall, hallThen);
    await push(office, officeThen);
    expect(await evaluate()).toEqual({
      judged: 5,
      changed: true,
      deliveriesQueued: false,
      notified: [organisationId],
    });

    const alone = (rule: { condition: object }, series: Reading[], lastReadingAt: number | null) =>
      judgeReadings(
        {
          condition: rule.condition as never,
          cooldownMinutes: 0,
          activeHours: null,
          timeZone: 'Europe/London',
        },
        { ...NORMAL, lastReadingAt },
        series,
      ).transitions;
    const expected = [
      alone(ruleOn(hall, '', 23, 0), [...hallFirst, ...hallThen], null),
      alone(ruleOn(hall, '', 23, 30), [...hallFirst, ...hallThen], null),
      alone(ruleOn(office, '', 25, 15), [...officeFirst, ...officeThen], null),
      alone({ condition: warmingFast }, [...officeFirst, ...officeThen], null),
      alone(ruleOn(hall, '', 23, 0), hallThen, hallFirst.at(-1)?.ts ?? null),
    ];
    // Each has something to find, and the late rule finds less than the early one on the same point.
    for (const transitions of expected) expect(transitions.length).toBeGreaterThan(0);
    expect(expected[4]?.length).toBeLessThan(expected[0]?.length ?? 0);
    for (const [index, ruleId] of [...early, late].entries()) {
      expect(await history(ruleId)).toEqual(expected[index]);
    }
    const progress = await server.db
      .selectFrom('rule_points')
      .selectAll()
      .where('data_point_id', 'in', [hall, office])
      .orderBy('data_point_id')
      .execute();
    expect(progress.map((row) => [row.data_point_id, row.judged_through.getTime()])).toEqual([
      [hall, hallThen.at(-1)?.ts],
      [office, officeThen.at(-1)?.ts],
    ]);
    // Judged through the last reading: nothing is judged twice.
    expect(await evaluate()).toEqual({ judged: 0, changed: false, deliveriesQueued: false, notified: [] });
  });

  it('judges by a rule as it is now, and from its alert as it is now, whoever changed them since it was read', async () => {
    const rule = ruleOn(lab, 'Lab warm', 23, 0);
    const ruleId = await create(rule);
    const cache: RulesCache = new Map();
    const evaluate = (by: RulesCache) =>
      evaluateRules(server.db, { now: new Date(), publicUrl: 'http://insights.test', cache: by });
    const parts = [readings(3, 0, 15), readings(3, 15, 30), readings(3, 30, 45)];
    await push(lab, parts[0] as Reading[]);
    await evaluate(cache);
    // Another process judges the next readings: the rule's alert changes where this one does not see it.
    await push(lab, parts[1] as Reading[]);
    await evaluate(new Map());
    await push(lab, parts[2] as Reading[]);
    await evaluate(cache);
    const alone = judgeReadings(
      {
        condition: rule.condition as never,
        cooldownMinutes: 0,
        activeHours: null,
        timeZone: 'Europe/London',
      },
      NORMAL,
      parts.flat(),
    ).transitions;
    expect(await history(ruleId)).toEqual(alone);

    // A person changes the rule: from then on it is judged by its new condition, though this process read the old.
    const changed = await server.api(
      `thresholds/${ruleId}`,
      token,
      { ...rule, condition: { ...rule.condition, value: 100 } },
      'PUT',
    );
    expect(changed.status).toBe(200);
    const before = (await history(ruleId)).length;
    await push(lab, readings(3, 45, 70));
    await evaluate(cache);
    expect(await history(ruleId)).toHaveLength(before);
  });

  it("measures a rate from the point's reading before, though the rule's own row was not written since", async () => {
    const ruleId = await create({ ...ruleOn(store, 'Store warming fast', 0, 0), condition: warmingFast });
    const evaluate = () => evaluateRules(server.db, { now: new Date(), publicUrl: 'http://insights.test' });
    const start = Date.now() - 6 * 60 * MINUTE;
    const at = (quarter: number) => start + quarter * 15 * MINUTE;
    // Steady: nothing changes the rule's alert, so its row keeps the state it was made with.
    await push(
      store,
      [20, 20, 20, 20.5].map((value, quarter) => ({ ts: at(quarter), value })),
    );
    expect(await evaluate()).toMatchObject({ changed: false });
    // 20.5 to 24 in a quarter of an hour: 14 °C an hour, measured from the last reading judged before.
    await push(store, [{ ts: at(4), value: 24 }]);
    expect(await evaluate()).toMatchObject({ changed: true });
    expect(await history(ruleId)).toEqual([
      { at: at(4), to: 'pending', value: 24 },
      { at: at(4), to: 'firing', value: 24 },
    ]);
  });
});
