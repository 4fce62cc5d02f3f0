import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { evaluateRules } from './evaluate-rules';
import { gatewayOf } from './gateway.test-helper';
import { replayRule } from './replay';
import { ruleHistory } from './rule-history.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const QUARTER = 15 * 60_000;
const HOUR_MS = 4 * QUARTER;
const DAY_MS = 24 * HOUR_MS;
const at = (iso: string) => Date.parse(iso);
const flatSchedule = Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0));

/**
 * Rules on a meter's register. Budgets and baselines are judged at the end
 * of each complete local hour, from the hourly rollups (and for a cost, the
 * tariff that prices the point), whatever pieces the readings came in; a
 * flagged-step rule on the steps the readings' writer flags.
 */
describeEachEngine('budget, baseline and flagged-step rules on %s', (engine) => {
  let server: Server;
  let token: string;
  let organisationId: number;
  let gateway: Awaited<ReturnType<typeof gatewayOf>>;
  let roomId: number;

  beforeAll(async () => {
    server = await startTestApp(engine);
    const owner = await server.memberOfNewOrganisation('owner@budgets.test', 'Budgets GmbH');
    token = owner.token;
    organisationId = owner.organisationId;
    roomId = (await siteWithRoom(server.db, organisationId, 'Europe/Berlin', 'Plant')).roomId;
    gateway = await gatewayOf(server, token);
  });
  afterAll(async () => server?.close());

  async function meter(name: string, kind: 'cumulative' | 'instantaneous' = 'cumulative') {
    const measures =
      kind === 'cumulative' ? { intent: 'electricity', unit: 'kWh' } : { intent: 'temperature', unit: '°C' };
    const added = await server.api('addDataPointsRef', token, {
      dataPoints: [{ entityId: roomId, name, kind, ...measures }],
    });
    expect(added.status).toBe(200);
    return added.body.dataPoints[0].id as number;
  }

  /** A register read every quarter-hour over [from, to], adding `perQuarter(ts)` at each reading after the first. */
  async function push(point: number, from: number, to: number, register: (ts: number) => number) {
    const readings = [];
    for (let ts = from; ts <= to; ts += QUARTER) readings.push({ dataPoint: point, ts, value: register(ts) });
    await gateway.push(readings);
  }

  async function create(
    name: string,
    dataPointId: number,
    condition: object,
    activeHours: object | null = null,
  ) {
    return server.api('thresholds', token, {
      name,
      dataPointId,
      condition,
      severity: 'warning',
      cooldownMinutes: 0,
      activeHours,
      enabled: true,
    });
  }

  /** The rule's history, with its instants as ISO text: the clock changes read better so. */
  const history = async (ruleId: number) =>
    (await ruleHistory(server.db, ruleId)).map(({ at, ...change }) => ({
      at: new Date(at).toISOString(),
      ...change,
    }));

  const evaluate = (now: string) =>
    evaluateRules(server.db, { now: new Date(now), publicUrl: 'http://insights.test' });

  // 1 kWh a quarter-hour from local midnight on Saturday 28 March 2026 in Berlin (23:00 UTC the day before);
  // the clocks go forward that night, so Sunday has 23 hours and begins at 23:00 UTC.
  const start = at('2026-03-27T23:00:00Z');
  const steady = (ts: number) => (ts - start) / QUARTER;

  it('fires in the hour a local day passes its budget, of use or of cost, and resolves as the next day begins', async () => {
    const point = await meter('Main meter');
    const tariff = await server.api('utilityOrTariff', token, {
      name: 'Flat',
      utility: 'electricity',
      unit: 'kWh',
      currency: 'EUR',
      versions: [
        {
          validFrom: '2026-01-01',
          validTo: null,
          windows: [{ name: 'All day', tiers: [{ upTo: null, price: 0.25 }] }],
          schedule: { weekday: flatSchedule, weekend: flatSchedule },
        },
      ],
      assignments: [{ kind: 'dataPoint', id: point }],
    });
    expect(tariff.status).toBe(200);
    const use = await create('Over 60 kWh a day', point, {
      kind: 'budget',
      measure: 'consumption',
      period: 'day',
      limit: 60,
    });
    const cost = await create('Over 15 EUR a day', point, {
      kind: 'budget',
      measure: 'cost',
      period: 'day',
      limit: 15,
    });
    expect([use.status, cost.status]).toEqual([200, 200]);

    // Saturday, in the pieces a gateway sends, each judged as it comes.
    await push(point, start, at('2026-03-28T14:40:00Z'), steady);
    await evaluate('2026-03-28T14:41:00Z');
    await push(point, at('2026-03-28T14:45:00Z'), at('2026-03-28T23:00:00Z'), steady);
    await evaluate('2026-03-28T23:01:00Z');
    // Sunday.
    await push(point, at('2026-03-28T23:15:00Z'), at('2026-03-29T22:00:00Z'), steady);
    await evaluate('2026-03-29T22:01:00Z');

    // Each reading books the quarter-hour it ends, so an hour holds 4 kWh. The 16th local hour takes each day
    // over 60 kWh (15 EUR at 0.25): at 16:00 local, 15:00 UTC on both days.
    // Sunday begins at 23:00 UTC: its first hour ends at midnight UTC, and resolves Saturday's alert.
    const firings = (over: number, reset: number, sunday: number) => [
      { at: '2026-03-28T15:00:00.000Z', to: 'pending', value: over },
      { at: '2026-03-28T15:00:00.000Z', to: 'firing', value: over },
      { at: '2026-03-29T00:00:00.000Z', to: 'resolved', value: reset },
      { at: '2026-03-29T15:00:00.000Z', to: 'pending', value: sunday },
      { at: '2026-03-29T15:00:00.000Z', to: 'firing', value: sunday },
    ];
    expect(await history(use.body.rule.id)).toEqual(firings(64, 4, 64));
    expect(await history(cost.body.rule.id)).toEqual(firings(16, 1, 16));

    // The replay over the same readings finds the same firings.
    const replayed = await replayRule(
      server.db,
      organisationId,
      {
        dataPointId: point,
        condition: { kind: 'budget', measure: 'consumption', period: 'day', limit: 60 },
        severity: 'warning',
        cooldownMinutes: 0,
        activeHours: null,
        enabled: true,
        days: 3,
      },
      new Date('2026-03-29T22:01:00Z'),
    );
    expect(replayed.firings).toEqual([
      { firedAt: '2026-03-28T15:00:00.000Z', resolvedAt: '2026-03-29T00:00:00.000Z', value: 64 },
      { firedAt: '2026-03-29T15:00:00.000Z', resolvedAt: null, value: 64 },
    ]);
    // One sample an hour: Saturday's 24 and Sunday's 23.
    expect(replayed.readings).toBe(47);
  });

  it('judges a budget in its active hours alone: an hour outside them neither fires nor resolves it', async () => {
    const point = await meter('Kitchen meter');
    const mornings = { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '12:00' };
    const rule = await create(
      'Over 30 kWh by noon',
      point,
      { kind: 'budget', measure: 'consumption', period: 'day', limit: 30 },
      mornings,
    );
    expect(rule.status).toBe(200);
    await push(point, start, at('2026-03-28T23:00:00Z'), steady);
    await evaluate('2026-03-28T23:01:00Z');
    await push(point, at('2026-03-28T23:15:00Z'), at('2026-03-29T22:00:00Z'), steady);
    await evaluate('2026-03-29T22:01:00Z');
    // The 8th hour passes 30 kWh (08:00 local on Saturday, 09:00 on Sunday after the clocks went forward). The
    // afternoons are outside the hours: the alert stays open through them, to the next day's first hour.
    expect(await history(rule.body.rule.id)).toEqual([
      { at: '2026-03-28T07:00:00.000Z', to: 'pending', value: 32 },
      { at: '2026-03-28T07:00:00.000Z', to: 'firing', value: 32 },
      { at: '2026-03-29T00:00:00.000Z', to: 'resolved', value: 4 },
      { at: '2026-03-29T07:00:00.000Z', to: 'pending', value: 32 },
      { at: '2026-03-29T07:00:00.000Z', to: 'firing', value: 32 },
    ]);
  });

  it('adds up a week from Monday and a month from its first, in local time', async () => {
    const point = await meter('Sub meter');
    const week = await create('Over 150 kWh a week', point, {
      kind: 'budget',
      measure: 'consumption',
      period: 'week',
      limit: 150,
    });
    const month = await create('Over 190 kWh a month', point, {
      kind: 'budget',
      measure: 'consumption',
      period: 'month',
      limit: 190,
    });
    // Saturday 28 March to the first hour of Wednesday 1 April, a local day at a time, each judged as it comes.
    let from = start;
    for (const end of [
      '2026-03-28T23:00:00Z',
      '2026-03-29T22:00:00Z',
      '2026-03-30T22:00:00Z',
      '2026-03-31T23:00:00Z',
    ]) {
      await push(point, from, at(end), steady);
      await evaluate(new Date(at(end) + 60_000).toISOString());
      from = at(end) + QUARTER;
    }
    const course = async (ruleId: number) =>
      (await history(ruleId)).map(({ at: when, to, value }) => [when, to, value]);
    // Saturday and Sunday end the week of Monday 23 March: 96 kWh on Saturday, 4 more each hour of Sunday, which
    // passes 150 in its 14th hour. Monday begins a new week at 22:00 UTC (summer time by then), which passes 150
    // again in Tuesday's 14th hour.
    expect(await course(week.body.rule.id)).toEqual([
      ['2026-03-29T13:00:00.000Z', 'pending', 152],
      ['2026-03-29T13:00:00.000Z', 'firing', 152],
      ['2026-03-29T23:00:00.000Z', 'resolved', 4],
      ['2026-03-31T12:00:00.000Z', 'pending', 152],
      ['2026-03-31T12:00:00.000Z', 'firing', 152],
    ]);
    // March holds 188 kWh by Sunday night and passes 190 in Monday's first hour; April begins on Wednesday.
    expect(await course(month.body.rule.id)).toEqual([
      ['2026-03-29T23:00:00.000Z', 'pending', 192],
      ['2026-03-29T23:00:00.000Z', 'firing', 192],
      ['2026-03-31T23:00:00.000Z', 'resolved', 4],
    ]);
  });
  it('fires when an hour is far above or below the same hour of the weeks before, in percent', async () => {
    const point = await meter('Chiller meter');
    // Two weeks of 4 kWh an hour from Wednesday 3 June 2026, local midnight (22:00 UTC the day before).
    const from = at('2026-06-02T22:00:00Z');
    const odd = new Map([
      [8, 2],
      [12, 0.25],
    ]);
    // On Wednesday 17 June, 10:00 local (08:00 UTC) uses twice as much, and 14:00 a quarter.
    const oddDay = at('2026-06-16T22:00:00Z');
    const register = (ts: number) => {
      let value = 0;
      for (let quarter = from + QUARTER; quarter <= ts; quarter += QUARTER) {
        const hour = new Date(quarter - 1).getUTCHours();
        value += quarter > oddDay ? (odd.get(hour) ?? 1) : 1;
      }
      return value;
    };
    await push(point, from, at('2026-06-09T22:00:00Z'), register);
    await push(point, at('2026-06-09T22:15:00Z'), oddDay, register);
    const baseline = { kind: 'baseline', percent: 50, weeks: 2 };
    const above = await create('Chiller above its usual', point, { ...baseline, direction: 'above' });
    const below = await create('Chiller below its usual', point, { ...baseline, direction: 'below' });
    await push(point, oddDay + QUARTER, at('2026-06-17T22:00:00Z'), register);
    await evaluate('2026-06-17T22:01:00Z');
    expect(await history(above.body.rule.id)).toEqual([
      { at: '2026-06-17T09:00:00.000Z', to: 'pending', value: 100 },
      { at: '2026-06-17T09:00:00.000Z', to: 'firing', value: 100 },
      { at: '2026-06-17T10:00:00.000Z', to: 'resolved', value: 0 },
    ]);
    expect(await history(below.body.rule.id)).toEqual([
      { at: '2026-06-17T13:00:00.000Z', to: 'pending', value: 75 },
      { at: '2026-06-17T13:00:00.000Z', to: 'firing', value: 75 },
      { at: '2026-06-17T14:00:00.000Z', to: 'resolved', value: 0 },
    ]);
    const replayed = await replayRule(
      server.db,
      organisationId,
      {
        dataPointId: point,
        condition: { kind: 'baseline', percent: 50, weeks: 2, direction: 'below' },
        severity: 'warning',
        cooldownMinutes: 0,
        activeHours: null,
        enabled: true,
        days: 1,
      },
      new Date('2026-06-17T22:01:00Z'),
    );
    expect(replayed.firings).toEqual([
      { firedAt: '2026-06-17T13:00:00.000Z', resolvedAt: '2026-06-17T14:00:00.000Z', value: 75 },
    ]);
  });

  it('fires at a step the writer flags, and resolves once it is decided', async () => {
    const point = await meter('Gas meter');
    const ruleId = (await create('Implausible gas reading', point, { kind: 'flaggedStep' })).body.rule.id;
    // Yesterday (UTC): the step is decided now, on the real clock, and the replay below runs up to then.
    const from = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
    // A quarter-hour's use of 1 for five hours, then a jump of 500 in one quarter-hour (2,000 an hour against
    // a usual 4, and more than a day's use): a spike.
    const spikeAt = from + 20 * QUARTER;
    const register = (ts: number) => (ts - from) / QUARTER + (ts >= spikeAt ? 499 : 0);
    await push(point, from, from + 24 * QUARTER, register);
    const now = new Date(from + 25 * QUARTER).toISOString();
    await evaluate(now);
    expect(await history(ruleId)).toEqual([
      { at: new Date(spikeAt).toISOString(), to: 'pending', value: 500 },
      { at: new Date(spikeAt).toISOString(), to: 'firing', value: 500 },
    ]);
    // Judged again with nothing new: still firing, nothing added.
    await evaluate(now);
    expect(await history(ruleId)).toHaveLength(2);
    const steps = await server.db
      .selectFrom('register_steps')
      .select('id')
      .where('data_point_id', '=', point)
      .execute();
    expect(steps).toHaveLength(1);
    const decided = await server.api('registerStepDecide', token, { id: steps[0]?.id, decision: 'excluded' });
    expect(decided.status).toBe(200);
    // A decision writes no reading: the open alert is judged anyway, and resolves at the decision.
    await evaluate(new Date().toISOString());
    const course = await history(ruleId);
    expect(course.map(({ to }) => to)).toEqual(['pending', 'firing', 'resolved']);
    expect(course[2]?.at).toBe(decided.body.step.decidedAt);
    expect(
      (
        await replayRule(
          server.db,
          organisationId,
          {
            dataPointId: point,
            condition: { kind: 'flaggedStep' },
            severity: 'warning',
            cooldownMinutes: 0,
            activeHours: null,
            enabled: true,
            days: 3,
          },
          new Date(Date.parse(decided.body.step.decidedAt) + HOUR_MS),
        )
      ).firings,
    ).toEqual([
      { firedAt: new Date(spikeAt).toISOString(), resolvedAt: decided.body.step.decidedAt, value: 500 },
    ]);
  });

  it('resolves when the flagged step is gone, the readings sent again without the jump', async () => {
    const point = await meter('Water meter');
    const ruleId = (await create('Implausible water reading', point, { kind: 'flaggedStep' })).body.rule.id;
    const from = at('2026-11-29T00:00:00Z');
    const spikeAt = from + 20 * QUARTER;
    const steadyRegister = (ts: number) => (ts - from) / QUARTER;
    await push(point, from, from + 24 * QUARTER, (ts) => steadyRegister(ts) + (ts >= spikeAt ? 499 : 0));
    await evaluate(new Date(from + 25 * QUARTER).toISOString());
    expect((await history(ruleId)).map(({ to }) => to)).toEqual(['pending', 'firing']);
    // The gateway sends the same quarter-hours again, read right: no step is left to decide.
    await push(point, spikeAt, from + 24 * QUARTER, steadyRegister);
    expect(
      await server.db.selectFrom('register_steps').select('id').where('data_point_id', '=', point).execute(),
    ).toEqual([]);
    await evaluate(new Date().toISOString());
    expect((await history(ruleId)).map(({ to }) => to)).toEqual(['pending', 'firing', 'resolved']);
  });

  it('refuses a rule on a virtual point, a budget or a flagged step on a value at an instant, and a cost budget no tariff prices, at their pointers', async () => {
    const temperature = await meter('Supply temperature', 'instantaneous');
    const unpriced = await meter('Unpriced meter');
    const listed = async () => (await server.db.selectFrom('alert_rules').select('id').execute()).length;
    const before = await listed();
    const onInstant = await create('Too warm a day', temperature, {
      kind: 'budget',
      measure: 'consumption',
      period: 'day',
      limit: 10,
    });
    expect(onInstant.status).toBe(400);
    expect(onInstant.body.issues).toEqual([
      { pointer: '/condition/kind', message: expect.stringContaining("is not a meter's register") },
    ]);
    const stepOnInstant = await create('Implausible temperature', temperature, { kind: 'flaggedStep' });
    expect(stepOnInstant.body.issues).toEqual([
      { pointer: '/condition/kind', message: expect.stringContaining("only a register's steps are flagged") },
    ]);
    const total = await server.api('virtualDatapoint', token, {
      name: 'Both meters',
      formula: '[Unpriced meter] * 2',
    });
    expect(total.status).toBe(200);
    const onVirtual = await create('Both over 10', total.body.dataPoint.id, {
      kind: 'above',
      value: 10,
      hysteresis: 0,
      forMinutes: 0,
    });
    expect(onVirtual.body.issues).toEqual([
      { pointer: '/dataPointId', message: expect.stringContaining('"Both meters" is a virtual data point') },
    ]);
    const noTariff = await create('Over 5 EUR a day', unpriced, {
      kind: 'budget',
      measure: 'cost',
      period: 'day',
      limit: 5,
    });
    expect(noTariff.status).toBe(400);
    expect(noTariff.body.issues).toEqual([
      {
        pointer: '/condition/measure',
        message:
          'No tariff prices "Unpriced meter" in kWh: assign one to it or a place above it, or budget its consumption.',
      },
    ]);
    expect(await listed()).toBe(before);
  });
});
