import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ForecastAnomaliesResponse,
  ForecastRequest,
  ForecastResponse,
  KeptForecastModel,
} from '../../src/generated/api-types';
import { hourlySamples } from '../alerts/hourly-samples';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import { writeReadings } from '../readings/write-readings';
import { startTestApp } from '../test-app';
import { keptModels, refitDueModels } from './kept-models';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

const HOUR = 3_600_000;
/** Ten winter weeks in London (no clock change), Monday to Monday: eight to learn from, then the forecast week. */
const FROM = Date.parse('2025-11-03T00:00:00Z');
const TRAIN_TO = Date.parse('2026-01-05T00:00:00Z');
const TO = Date.parse('2026-01-12T00:00:00Z');

/** A seeded generator (mulberry32), so the noise is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Outdoor °C: a cold snap every other week, so last week's hour is a poor guess at this week's. */
function outdoor(at: number): number {
  const week = Math.floor((at - FROM) / (7 * 24 * HOUR));
  const hourOfDay = new Date(at).getUTCHours();
  return (week % 2 === 0 ? 9 : 1) + 3 * Math.sin(((hourOfDay - 9) / 24) * 2 * Math.PI);
}

/** An office: more in working hours on weekdays, and 2 kWh more for each degree below 15 °C. */
function use(at: number, noise: number): number {
  const date = new Date(at);
  const weekday = (date.getUTCDay() + 6) % 7;
  const working = weekday < 5 && date.getUTCHours() >= 8 && date.getUTCHours() < 18;
  return (working ? 60 : 20) + 2 * Math.max(0, 15 - outdoor(at)) + noise;
}

describeEachEngine('forecast on %s', (engine) => {
  let server: Server;
  let owner: Member;
  let meter: number;
  let thermometer: number;
  let flat: number;
  let sparse: number;
  let depot: number;
  let retrofitted: number;
  let register: number;
  const written = new Map<number, number>();

  beforeAll(async () => {
    server = await startTestApp(engine);
    owner = await server.memberOfNewOrganisation('owner@forecasts.test', 'Forecasts Ltd');
    const places = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Office');
    const depotPlaces = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Depot');
    const point = async (
      name: string,
      intent: string,
      unit: string,
      kind: 'cumulative' | 'interval' | 'instantaneous',
      entityId = places.roomId,
    ) =>
      server.db
        .insertInto('data_points')
        .values({
          organisation_id: owner.organisationId,
          entity_id: entityId,
          name,
          intent,
          unit,
          kind,
          time_zone: 'Europe/London',
          updated_at: new Date(),
        })
        .returning(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
        .executeTakeFirstOrThrow();
    const hours: number[] = [];
    for (let at = FROM; at < TO; at += HOUR) hours.push(at);
    const random = seeded(42);
    const meterPoint = await point('Main meter', 'electricity', 'kWh', 'interval');
    const values = hours.map((at) => use(at, (random() - 0.5) * 4));
    for (const [index, at] of hours.entries()) written.set(at, values[index] as number);
    await writeReadings(server.db, meterPoint, { ts: hours, values });
    meter = meterPoint.id;
    // The same office after a retrofit on the baseline's last day: 10 % less from then on.
    const retrofitPoint = await point('Retrofitted meter', 'electricity', 'kWh', 'interval');
    await writeReadings(server.db, retrofitPoint, {
      ts: hours,
      values: hours.map((at, index) => (values[index] as number) * (at >= TRAIN_TO ? 0.9 : 1)),
    });
    retrofitted = retrofitPoint.id;
    // A meter's register, as rules on hours of use are set on.
    const registerPoint = await point('Register', 'electricity', 'kWh', 'cumulative');
    let total = 0;
    await writeReadings(server.db, registerPoint, {
      ts: hours,
      values: values.map((value) => {
        total += value;
        return total;
      }),
    });
    register = registerPoint.id;
    const thermometerPoint = await point('Outside air', 'outdoorTemperature', '°C', 'instantaneous');
    await writeReadings(server.db, thermometerPoint, { ts: hours, values: hours.map(outdoor) });
    thermometer = thermometerPoint.id;
    const flatPoint = await point('Flat meter', 'water', 'm³', 'interval');
    await writeReadings(server.db, flatPoint, { ts: hours, values: hours.map(() => 1.5) });
    flat = flatPoint.id;
    // A week of readings in the last of the eight weeks: too little to learn a week's rhythm from.
    const sparsePoint = await point('New meter', 'gas', 'm³', 'interval');
    const lastWeek = hours.filter((at) => at >= TRAIN_TO - 7 * 24 * HOUR && at < TRAIN_TO);
    await writeReadings(server.db, sparsePoint, { ts: lastWeek, values: lastWeek.map(() => 3) });
    sparse = sparsePoint.id;
    // The depot has no thermometer: its meter follows the week only.
    const depotPoint = await point('Depot meter', 'electricity', 'kWh', 'interval', depotPlaces.roomId);
    await writeReadings(server.db, depotPoint, {
      ts: hours,
      values: hours.map((at) => use(at, (random() - 0.5) * 4) - 2 * Math.max(0, 15 - outdoor(at))),
    });
    depot = depotPoint.id;
  });
  afterAll(async () => server?.close());

  const request = (overrides: Partial<ForecastRequest> = {}): ForecastRequest => ({
    dataPointId: meter,
    trainFrom: new Date(FROM).toISOString(),
    trainTo: new Date(TRAIN_TO).toISOString(),
    ...overrides,
  });

  const forecast = async (overrides: Partial<ForecastRequest> = {}) => {
    const answer = await server.api('forecast', owner.token, request(overrides));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as ForecastResponse;
  };

  it("finds the site's outdoor thermometer, picks the temperature model over the reference, and forecasts the week beside its readings", async () => {
    const answer = await forecast();
    expect(answer.temperaturePoint).toEqual({ id: thermometer, name: 'Outside air' });
    expect(answer.model).toBe('towt');
    expect(answer.reason).toBe('bestBacktest');
    const byModel = new Map(answer.candidates.map((candidate) => [candidate.model, candidate.backtest]));
    expect(byModel.get('towt')?.meetsGuideline14).toBe(true);
    expect(byModel.get('towt')?.cvrmse).toBeLessThan(byModel.get('seasonalNaive')?.cvrmse ?? 0);
    expect(answer.training).toMatchObject({
      hoursWithReadings: 9 * 7 * 24,
      heldOutFrom: new Date(TRAIN_TO - 7 * 24 * HOUR).toISOString(),
      heldOutTo: new Date(TRAIN_TO).toISOString(),
    });
    expect(answer.points).toHaveLength(168);
    // The week forecast has passed: each hour's reading is the one written, and marked when outside the interval.
    for (const step of answer.points) {
      const actual = written.get(Date.parse(step.t)) as number;
      expect(step.actual).toBeCloseTo(actual, 3);
      expect(step.outside).toBe(actual < step.lower || actual > step.upper);
      expect(step.lower).toBeLessThanOrEqual(step.forecast);
      expect(step.upper).toBeGreaterThanOrEqual(step.forecast);
    }
    // The noise is ±2 kWh: the forecast is within a few kWh of every hour's reading, and most are inside.
    const errors = answer.points.map((step) => Math.abs((step.actual as number) - step.forecast));
    expect(Math.max(...errors)).toBeLessThan(6);
    expect(answer.points.filter((step) => step.outside).length).toBeLessThan(40);
    const slopes = answer.temperatureResponse?.slopes ?? [];
    expect(Math.min(...slopes)).toBeCloseTo(-2, 0);
  });

  it('sums the hours into local days, the readings as written', async () => {
    const hourly = await forecast();
    const daily = await forecast({ resolution: 'day' });
    expect(daily.points).toHaveLength(7);
    daily.points.forEach((day, index) => {
      const hours = hourly.points.slice(index * 24, index * 24 + 24);
      expect(day.t).toBe(hours[0]?.t);
      expect(day.forecast).toBeCloseTo(
        hours.reduce((sum, hour) => sum + hour.forecast, 0),
        1,
      );
      expect(day.actual).toBeCloseTo(
        hours.reduce((sum, hour) => sum + (written.get(Date.parse(hour.t)) as number), 0),
        2,
      );
    });
  });

  it('without a thermometer on the site, the temperature model is not tried, and says why', async () => {
    const answer = await forecast({ horizon: 'day', dataPointId: depot });
    expect(answer.temperaturePoint).toBeNull();
    expect(answer.temperatureResponse).toBeNull();
    expect(answer.points).toHaveLength(24);
    const towt = answer.candidates.find((candidate) => candidate.model === 'towt');
    expect(towt).toEqual({ model: 'towt', backtest: null, skipped: 'noTemperature' });
    expect(answer.model).not.toBe('towt');
    const errors = answer.points.map((step) => Math.abs((step.actual as number) - step.forecast));
    expect(Math.max(...errors)).toBeLessThan(8);
  });

  describe('savings against a baseline', () => {
    const savings = async (dataPointId: number) => {
      const answer = await server.api('forecastSavings', owner.token, {
        dataPointId,
        baselineFrom: new Date(FROM).toISOString(),
        baselineTo: new Date(TRAIN_TO).toISOString(),
        reportingFrom: new Date(TRAIN_TO).toISOString(),
        reportingTo: new Date(TO).toISOString(),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as import('../../src/generated/api-types').ForecastSavingsResponse;
    };

    it('finds the 10 % a retrofit saved, beyond its uncertainty, as Guideline 14 asks', async () => {
      const answer = await savings(retrofitted);
      const used = [...written]
        .filter(([at]) => at >= TRAIN_TO)
        .reduce((sum, [, value]) => sum + value * 0.9, 0);
      expect(answer.actual).toBeCloseTo(used, 2);
      expect(answer.reporting.hoursWithReadings).toBe(168);
      expect(answer.model).toBe('towt');
      // What the office would have used is what it did use before the retrofit: a tenth more than now.
      expect(answer.savingsPercent).toBeGreaterThan(8);
      expect(answer.savingsPercent).toBeLessThan(12);
      expect(answer.uncertainty.at90).toBeGreaterThan(answer.uncertainty.at68);
      expect(answer.uncertainty.meetsGuideline14).toBe(true);
      expect(answer.days).toHaveLength(7);
      expect(answer.days.reduce((sum, day) => sum + day.actual, 0)).toBeCloseTo(answer.actual, 1);
      expect(answer.cost).toBeNull();
    });

    it('finds no savings where nothing changed: less than their own uncertainty', async () => {
      const answer = await savings(meter);
      expect(Math.abs(answer.savings)).toBeLessThan(answer.uncertainty.at90);
      expect(answer.uncertainty.meetsGuideline14).toBe(false);
    });

    it('refuses a state, and a reporting period inside the baseline', async () => {
      const state = await server.api('forecastSavings', owner.token, {
        dataPointId: thermometer,
        baselineFrom: new Date(FROM).toISOString(),
        baselineTo: new Date(TRAIN_TO).toISOString(),
        reportingFrom: new Date(TRAIN_TO).toISOString(),
        reportingTo: new Date(TO).toISOString(),
      });
      expect(state.status).toBe(400);
      expect((state.body as { message: string }).message).toMatch(
        /"Outside air" is a state \(°C\), not a consumption/,
      );
      const overlapping = await server.api('forecastSavings', owner.token, {
        dataPointId: meter,
        baselineFrom: new Date(FROM).toISOString(),
        baselineTo: new Date(TRAIN_TO).toISOString(),
        reportingFrom: new Date(TRAIN_TO - 24 * HOUR).toISOString(),
        reportingTo: new Date(TO).toISOString(),
      });
      expect(overlapping.status).toBe(400);
      expect((overlapping.body as { issues: { pointer: string }[] }).issues[0]?.pointer).toBe(
        '/reportingFrom',
      );
    });
  });

  describe('kept models', () => {
    it('keeps a model, fits it on the weeks up to its last midnight, lists it fresh, then stale once its week has passed', async () => {
      const saved = await server.api('forecastModelSave', owner.token, {
        dataPointId: meter,
        trainingWeeks: 8,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const kept = (saved.body as { model: KeptForecastModel }).model;
      expect(kept).toMatchObject({ dataPointId: meter, status: 'waiting', model: null, trainingWeeks: 8 });
      // The job's run, a day after the office's last reading: it learns up to that midnight.
      const runAt = TRAIN_TO + 3 * HOUR;
      expect(await refitDueModels(server.db, runAt)).toEqual({ fitted: 1, failed: 0 });
      const [fresh] = await keptModels(server.db, owner.organisationId, runAt);
      expect(fresh).toMatchObject({
        model: 'towt',
        status: 'fresh',
        trainedTo: new Date(TRAIN_TO).toISOString(),
        trainedFrom: new Date(TRAIN_TO - 8 * 7 * 24 * HOUR).toISOString(),
        temperaturePoint: null,
        meetsGuideline14: true,
        lastError: null,
      });
      // Not due again within the day.
      expect(await refitDueModels(server.db, runAt + HOUR)).toEqual({ fitted: 0, failed: 0 });
      const stored = await server.db
        .selectFrom('forecast_models')
        .select('forecast')
        .where('id', '=', kept.id)
        .executeTakeFirstOrThrow();
      expect(stored.forecast).toHaveLength(168);
      // Read now, long after that week: the data has moved on.
      const listed = await server.api('forecastModels', owner.token, undefined, 'GET');
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect((listed.body as { models: KeptForecastModel[] }).models).toEqual([
        expect.objectContaining({ id: kept.id, status: 'stale', dataPointName: 'Main meter' }),
      ]);
      const deleted = await server.api(`forecastModel/${kept.id}`, owner.token, undefined, 'DELETE');
      expect(deleted.body).toEqual({ deleted: kept.id });
      expect(await keptModels(server.db, owner.organisationId, runAt)).toEqual([]);
    });

    it("gives rules a baseline that knows the weather: each hour's use against the kept model's forecast of it", async () => {
      const saved = await server.api('forecastModelSave', owner.token, {
        dataPointId: retrofitted,
        trainingWeeks: 8,
      });
      const kept = (saved.body as { model: KeptForecastModel }).model;
      await refitDueModels(server.db, TRAIN_TO + HOUR);
      const point = { id: retrofitted, organisationId: owner.organisationId, timeZone: 'Europe/London' };
      const below = await hourlySamples(
        server.db,
        point,
        { kind: 'baseline', direction: 'below', percent: 5, weeks: 4, against: 'keptModel' },
        TRAIN_TO,
        TO,
      );
      // Every hour of the week forecast is judged; the retrofit's tenth less is what the samples say.
      expect(below).toHaveLength(168);
      const median = below.map((sample) => sample.value).sort((a, b) => a - b)[84] as number;
      expect(median).toBeGreaterThan(7);
      expect(median).toBeLessThan(13);
      // Hours the last fit did not forecast are not judged.
      expect(
        await hourlySamples(
          server.db,
          point,
          { kind: 'baseline', direction: 'below', percent: 5, weeks: 4, against: 'keptModel' },
          FROM,
          TRAIN_TO,
        ),
      ).toEqual([]);
      await server.api(`forecastModel/${kept.id}`, owner.token, undefined, 'DELETE');
    });

    it('refuses a rule against a kept model the point does not have, saying where to keep one', async () => {
      const answer = await server.api('thresholds/replay', owner.token, {
        dataPointId: register,
        condition: { kind: 'baseline', direction: 'above', percent: 20, weeks: 4, against: 'keptModel' },
        severity: 'warning',
        cooldownMinutes: 0,
        activeHours: null,
        enabled: true,
        days: 7,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect((answer.body as { issues: { pointer: string }[] }).issues[0]?.pointer).toBe(
        '/condition/against',
      );
      expect((answer.body as { message: string }).message).toBe(
        '"Register" has no kept forecast model to compare with: keep one on the Machine learning page (its model refitted every day), or compare with the weeks before.',
      );
    });

    it('says why a model could not be fitted, and keeps trying', async () => {
      const saved = await server.api('forecastModelSave', owner.token, {
        dataPointId: sparse,
        trainingWeeks: 4,
      });
      const kept = (saved.body as { model: KeptForecastModel }).model;
      expect(await refitDueModels(server.db, TRAIN_TO + HOUR)).toEqual({ fitted: 0, failed: 1 });
      const [failed] = await keptModels(server.db, owner.organisationId, TRAIN_TO + HOUR);
      expect(failed).toMatchObject({ id: kept.id, status: 'failed', model: null });
      expect(failed?.lastError).toMatch(/^"New meter" cannot be forecast from this training period: /);
      expect(await refitDueModels(server.db, TRAIN_TO + 2 * HOUR)).toEqual({ fitted: 0, failed: 1 });
      await server.api(`forecastModel/${kept.id}`, owner.token, undefined, 'DELETE');
    });
  });

  describe('unexpected readings', () => {
    it("marks the hours a point's own history did not lead one to expect, and says why a point could not be checked", async () => {
      const answer = await server.api('forecastAnomalies', owner.token, {
        dataPointIds: [meter, retrofitted, sparse],
        from: new Date(TRAIN_TO).toISOString(),
        to: new Date(TO).toISOString(),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [unchanged, retrofit, young] = (answer.body as ForecastAnomaliesResponse).points;
      expect(unchanged).toMatchObject({
        dataPointId: meter,
        model: 'towt',
        unchecked: null,
        hoursChecked: 168,
      });
      // A week as the weeks before it: about the interval's tenth outside, no more.
      expect(unchanged?.hours.length).toBeLessThan(40);
      // A tenth less from the retrofit on: most working hours fall below what the weeks before said.
      expect(retrofit?.hours.length).toBeGreaterThan(unchanged?.hours.length ?? 0);
      expect(retrofit?.hours.every((hour) => hour.actual < hour.lower || hour.actual > hour.upper)).toBe(
        true,
      );
      const below = retrofit?.hours.filter((hour) => hour.actual < hour.lower).length ?? 0;
      expect(below).toBeGreaterThan(40);
      expect(young).toMatchObject({ dataPointId: sparse, model: null, hoursChecked: 0, hours: [] });
      expect(young?.unchecked).toMatch(/^"New meter" cannot be forecast from this training period: /);
    });

    it('refuses a period longer than a month', async () => {
      const answer = await server.api('forecastAnomalies', owner.token, {
        dataPointIds: [meter],
        from: new Date(FROM).toISOString(),
        to: new Date(TO).toISOString(),
      });
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toMatch(/over 31 days long/);
    });
  });

  describe('refuses what it cannot forecast, saying what and why', () => {
    const refused = async (overrides: Partial<ForecastRequest>, status = 400) => {
      const answer = await server.api('forecast', owner.token, request(overrides));
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      return answer.body as { message: string; issues?: { pointer: string; message: string }[] };
    };

    it('a training period that ends in the future', async () => {
      const body = await refused({ trainTo: new Date(Date.now() + 2 * 24 * HOUR).toISOString() });
      expect(body.issues?.[0]?.pointer).toBe('/trainTo');
      expect(body.message).toMatch(/cannot end in the future/);
    });

    it('a training period shorter than three weeks', async () => {
      const body = await refused({ trainFrom: new Date(TRAIN_TO - 10 * 24 * HOUR).toISOString() });
      expect(body.issues?.[0]?.pointer).toBe('/trainFrom');
      expect(body.message).toMatch(/10 days long; at least 21 days/);
    });

    it('a point with too few hours of readings in the period', async () => {
      const body = await refused({ dataPointId: sparse });
      expect(body.issues?.[0]?.pointer).toBe('/trainFrom');
      expect(body.message).toMatch(/^"New meter" cannot be forecast from this training period: /);
    });

    it('a series that never changes', async () => {
      const body = await refused({ dataPointId: flat });
      expect(body.message).toMatch(/"Flat meter" cannot be forecast/);
    });

    it('a "temperature" that is not one', async () => {
      const body = await refused({ temperatureDataPointId: flat });
      expect(body.issues?.[0]?.pointer).toBe('/temperatureDataPointId');
      expect(body.message).toBe(
        '"Flat meter" is measured in m³, not in °C or °F: the temperature model needs an outdoor temperature.',
      );
    });

    it("another organisation's point, as if it did not exist", async () => {
      const other = await server.memberOfNewOrganisation('other@forecasts.test', 'Others Ltd');
      const answer = await server.api('forecast', other.token, request());
      expect(answer.status).toBe(404);
    });
  });
});
