import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BenchmarkingRequest, SiteBenchmark } from '../../src/generated/api-types';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import { writeReadings } from '../readings/write-readings';
import { send } from '../saved-views/explorer-setup.test-helper';
import { startTestApp } from '../test-app';
import { degreeDays } from './degree-days';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

const HOUR = 3_600_000;

/** Each hour from one instant to another (the end left out). */
function hoursBetween(from: string, to: string): number[] {
  const hours: number[] = [];
  for (let at = Date.parse(from); at < Date.parse(to); at += HOUR) hours.push(at);
  return hours;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The local calendar date of an instant in a zone, by Intl: the reference the
 * server's offsets are checked against. One formatter per zone: making one per
 * call, for every hour of two years, was half this file's CPU.
 */
function localDay(at: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

describeEachEngine('benchmarking on %s', (engine) => {
  let server: Server;
  let owner: Member;
  /** Readings of 2024 and 2025, hour by hour, by data point, as written. */
  const written = new Map<number, { ts: number[]; values: number[] }>();
  let berlin: number;
  let sydney: number;
  let thermometer: number;

  beforeAll(async () => {
    server = await startTestApp(engine);
    owner = await server.memberOfNewOrganisation('owner@benchmarks.test', 'Benchmarks Ltd');
    const placesBerlin = await siteWithRoom(
      server.db,
      owner.organisationId,
      'Europe/Berlin',
      'Berlin office',
    );
    const placesSydney = await siteWithRoom(
      server.db,
      owner.organisationId,
      'Australia/Sydney',
      'Sydney store',
    );
    [berlin, sydney] = [placesBerlin.siteId, placesSydney.siteId];
    await server.db.updateTable('entities').set({ floor_area_m2: 1200 }).where('id', '=', berlin).execute();
    await server.db
      .updateTable('entities')
      .set({ tags: ['fiscal'] })
      .where('id', '=', placesBerlin.buildingId)
      .execute();
    await server.db
      .updateTable('entities')
      .set({ tags: ['outdoor'] })
      .where('id', '=', placesBerlin.roomId)
      .execute();
    const point = async (entityId: number, name: string, intent: string, unit: string, timeZone: string) =>
      server.db
        .insertInto('data_points')
        .values({
          organisation_id: owner.organisationId,
          entity_id: entityId,
          name,
          intent,
          unit,
          kind: intent === 'temperature' ? 'instantaneous' : 'interval',
          time_zone: timeZone,
          updated_at: new Date(),
        })
        .returning(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
        .executeTakeFirstOrThrow();
    const hours = hoursBetween('2023-12-31T00:00:00Z', '2026-01-02T00:00:00Z');
    const write = async (stored: Awaited<ReturnType<typeof point>>, value: (at: number) => number) => {
      const values = hours.map(value);
      await writeReadings(server.db, stored, { ts: hours, values });
      written.set(stored.id, { ts: hours, values });
      return stored.id;
    };
    // Berlin: the main meter on the fiscal building (more in 2025 than in 2024), a sub-meter in the room that
    // must not be counted again, and the outdoor temperature, colder in winter.
    await write(await point(placesBerlin.buildingId, 'Main', 'electricity', 'kWh', 'Europe/Berlin'), (at) =>
      new Date(at).getUTCFullYear() >= 2025 ? 2 + ((at / HOUR) % 3) : 1.5,
    );
    await write(await point(placesBerlin.roomId, 'Sub', 'electricity', 'kWh', 'Europe/Berlin'), () => 5);
    thermometer = await write(
      await point(placesBerlin.roomId, 'Outside', 'temperature', '°C', 'Europe/Berlin'),
      (at) =>
        10 - 8 * Math.cos((((at / HOUR / 24) % 365.25) / 365.25) * 2 * Math.PI) + ((at / HOUR) % 24) / 6,
    );
    // Sydney: one untagged meter and no floor area.
    await write(await point(placesSydney.roomId, 'Store', 'electricity', 'kWh', 'Australia/Sydney'), () => 3);
  });
  afterAll(async () => server?.close());

  const benchmark = async (request: BenchmarkingRequest) => {
    const answer = await server.api('benchmarking', owner.token, request);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { unit: string; year: number; sites: SiteBenchmark[] };
  };

  /** A point's readings summed over a local year of its zone, hour by hour, as written. */
  const reference = (pointId: number, timeZone: string, year: number) => {
    const { ts, values } = written.get(pointId) as { ts: number[]; values: number[] };
    return ts.reduce(
      (sum, at, index) =>
        localDay(at, timeZone).startsWith(`${year}-`) ? sum + (values[index] as number) : sum,
      0,
    );
  };

  it('ranks the sites per m² over a whole year, counting only the main meters where there are some', async () => {
    const answer = await benchmark({ intent: 'electricity', year: 2025, normaliser: 'area' });
    const [main] = [...written.keys()];
    const byName = new Map(answer.sites.map((site) => [site.name, site]));
    const office = byName.get('Berlin office') as SiteBenchmark;
    expect(office.meters).toBe('fiscal');
    expect(office.consumption).toBeCloseTo(reference(main as number, 'Europe/Berlin', 2025), 6);
    expect(office.intensity).toBeCloseTo((office.consumption as number) / 1200, 9);
    // 2024 had 366 days: the year before is counted over as long a stretch from its own 1 January.
    expect(office.previousConsumption).toBeCloseTo(1.5 * 365 * 24, 6);
    const store = byName.get('Sydney store') as SiteBenchmark;
    expect(store).toMatchObject({ meters: 'all', intensity: null, missing: 'floorArea' });
    expect(store.consumption).toBeCloseTo(3 * 365 * 24, 6);
    expect(answer.sites.map((site) => site.siteId)).toEqual([berlin, sydney]);
  });

  it('normalises by heating degree days of the outdoor temperature, as the daily means give them', async () => {
    const answer = await benchmark({
      intent: 'electricity',
      year: 2025,
      normaliser: 'heatingDegreeDays',
      baseTemperature: 15.5,
    });
    const { ts, values } = written.get(thermometer) as { ts: number[]; values: number[] };
    const days = new Map<string, number[]>();
    ts.forEach((at, index) => {
      const day = localDay(at, 'Europe/Berlin');
      if (day.startsWith('2025-')) days.set(day, [...(days.get(day) ?? []), values[index] as number]);
    });
    const means = [...days.values()].map((temps) => temps.reduce((a, b) => a + b, 0) / temps.length);
    const expected = means.reduce((sum, mean) => sum + Math.max(0, 15.5 - mean), 0);
    const office = answer.sites.find((site) => site.siteId === berlin) as SiteBenchmark;
    expect(office.degreeDays).toBeCloseTo(expected, 6);
    expect(office.intensity).toBeCloseTo((office.consumption as number) / expected, 9);
    const store = answer.sites.find((site) => site.siteId === sydney) as SiteBenchmark;
    expect(store).toMatchObject({ degreeDays: null, intensity: null, missing: 'temperature' });
  });

  it('says a site without readings in the year has none, and ranks it last', async () => {
    const answer = await benchmark({ intent: 'electricity', year: 2030, normaliser: 'none' });
    expect(answer.sites.every((site) => site.consumption === null && site.missing === 'readings')).toBe(true);
    expect(answer.sites.map((site) => site.name)).toEqual(['Berlin office', 'Sydney store']);
  });

  it("benchmarks by the organisation's own figure, each year by that year's value", async () => {
    const created = await server.api('benchmarkNormaliser', owner.token, {
      name: 'Occupants',
      unit: 'person',
      values: [
        { siteId: berlin, year: 2025, value: 200 },
        { siteId: berlin, year: 2024, value: 150 },
        { siteId: sydney, year: 2025, value: 40 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const figure = created.body.normaliser;
    expect(figure.values).toEqual([
      { siteId: berlin, year: 2024, value: 150 },
      { siteId: berlin, year: 2025, value: 200 },
      { siteId: sydney, year: 2025, value: 40 },
    ]);
    const answer = await benchmark({
      intent: 'electricity',
      year: 2025,
      normaliser: 'custom',
      normaliserId: figure.id,
    });
    expect(answer).toMatchObject({ custom: { id: figure.id, name: 'Occupants', unit: 'person' } });
    const office = answer.sites.find((site) => site.siteId === berlin) as SiteBenchmark;
    expect(office.normaliserValue).toBe(200);
    expect(office.intensity).toBeCloseTo((office.consumption as number) / 200, 9);
    expect(office.previousIntensity).toBeCloseTo((office.previousConsumption as number) / 150, 9);
    // Sydney has no value for 2024: this year's intensity, but none to compare with.
    const store = answer.sites.find((site) => site.siteId === sydney) as SiteBenchmark;
    expect(store.intensity).toBeCloseTo((store.consumption as number) / 40, 9);
    expect(store).toMatchObject({ previousNormaliserValue: null, previousIntensity: null, missing: null });
    // 26,280 kWh for 40 people is worse than Berlin's per person: Sydney first.
    expect(answer.sites.map((site) => site.siteId)).toEqual(
      (store.intensity as number) > (office.intensity as number) ? [sydney, berlin] : [berlin, sydney],
    );
    const lastYear = await benchmark({
      intent: 'electricity',
      year: 2024,
      normaliser: 'custom',
      normaliserId: figure.id,
    });
    expect(lastYear.sites.find((site) => site.siteId === sydney)).toMatchObject({
      normaliserValue: null,
      intensity: null,
      missing: 'normaliserValue',
    });

    // Replaced whole: the new values, and the ranking follows them.
    const updated = await send(server, 'PUT', `benchmarkNormaliser/${figure.id}`, owner.token, {
      name: 'People',
      unit: 'person',
      values: [{ siteId: berlin, year: 2025, value: 100 }],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const after = await benchmark({
      intent: 'electricity',
      year: 2025,
      normaliser: 'custom',
      normaliserId: figure.id,
    });
    expect(after.sites[0]).toMatchObject({ siteId: berlin, normaliserValue: 100 });
    expect(after.sites[1]).toMatchObject({ siteId: sydney, intensity: null, missing: 'normaliserValue' });
    expect((await send(server, 'GET', 'getBenchmarkNormalisers', owner.token)).body.normalisers).toEqual([
      { id: figure.id, name: 'People', unit: 'person', values: [{ siteId: berlin, year: 2025, value: 100 }] },
    ]);
    const deleted = await send(server, 'DELETE', `benchmarkNormaliser/${figure.id}`, owner.token);
    expect(deleted).toEqual({ status: 200, body: { deleted: figure.id } });
    const gone = await server.api('benchmarking', owner.token, {
      intent: 'electricity',
      normaliser: 'custom',
      normaliserId: figure.id,
    });
    expect(gone.status).toBe(404);
    expect((await send(server, 'GET', 'getBenchmarkNormalisers', owner.token)).body.normalisers).toEqual([]);
  });

  it('refuses a figure without a name of its own, of a place that is not a site, or with a year twice, writing nothing', async () => {
    const create = (body: object) => server.api('benchmarkNormaliser', owner.token, body);
    const first = await create({ name: 'Beds', unit: 'bed', values: [] });
    expect(first.status).toBe(200);
    const again = await create({ name: ' beds ', unit: 'bed', values: [] });
    expect(again.status).toBe(400);
    expect(again.body.issues).toEqual([
      { pointer: '/name', message: 'There is already a benchmarking figure called "beds".' },
    ]);
    const twice = await create({
      name: 'Units produced',
      unit: 'unit',
      values: [
        { siteId: berlin, year: 2025, value: 10 },
        { siteId: berlin, year: 2025, value: 12 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.issues[0].pointer).toBe('/values/1');
    const building = await server.db
      .selectFrom('entities')
      .select('id')
      .where('parent_id', '=', berlin)
      .executeTakeFirstOrThrow();
    const notSite = await create({
      name: 'Units produced',
      unit: 'unit',
      values: [{ siteId: building.id, year: 2025, value: 10 }],
    });
    expect(notSite.status).toBe(404);
    const blank = await create({ name: '   ', unit: 'unit', values: [] });
    expect(blank.status).toBe(400);
    expect(blank.body.issues[0].pointer).toBe('/name');
    const noFigure = await server.api('benchmarking', owner.token, {
      intent: 'electricity',
      normaliser: 'custom',
    });
    expect(noFigure.status).toBe(400);
    expect(noFigure.body.issues[0].pointer).toBe('/normaliserId');
    const names = (await send(server, 'GET', 'getBenchmarkNormalisers', owner.token)).body.normalisers.map(
      (figure: { name: string }) => figure.name,
    );
    expect(names).toEqual(['Beds']);
    await send(server, 'DELETE', `benchmarkNormaliser/${first.body.normaliser.id}`, owner.token);
  });

  it('reads a point of intent outdoorTemperature in °C before a temperature on a place tagged outdoor', async () => {
    // Each site gets a weather station on the site itself: Berlin's besides its tagged thermometer, Sydney's after
    // one in °F, which degree days in °C cannot use. Constant readings make each day's degree days the same.
    const station = async (siteId: number, name: string, unit: string, timeZone: string, value: number) => {
      const stored = await server.db
        .insertInto('data_points')
        .values({
          organisation_id: owner.organisationId,
          entity_id: siteId,
          name,
          intent: 'outdoorTemperature',
          unit,
          kind: 'instantaneous',
          time_zone: timeZone,
          updated_at: new Date(),
        })
        .returning(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
        .executeTakeFirstOrThrow();
      const hours = hoursBetween('2024-12-31T00:00:00Z', '2026-01-02T00:00:00Z');
      await writeReadings(server.db, stored, { ts: hours, values: hours.map(() => value) });
    };
    await station(sydney, 'Sydney weather in °F', '°F', 'Australia/Sydney', 0);
    await station(berlin, 'Berlin weather station', '°C', 'Europe/Berlin', 5);
    await station(sydney, 'Sydney weather station', '°C', 'Australia/Sydney', 12);
    const answer = await benchmark({
      intent: 'electricity',
      year: 2025,
      normaliser: 'heatingDegreeDays',
      baseTemperature: 15.5,
    });
    const office = answer.sites.find((site) => site.siteId === berlin) as SiteBenchmark;
    expect(office.degreeDays).toBeCloseTo(10.5 * 365, 6);
    const store = answer.sites.find((site) => site.siteId === sydney) as SiteBenchmark;
    expect(store.degreeDays).toBeCloseTo(3.5 * 365, 6);
    expect(store).toMatchObject({ missing: null });
    expect(store.intensity).toBeCloseTo((store.consumption as number) / (3.5 * 365), 9);
  });

  it('counts degree days from daily means: heating below the base, cooling above', () => {
    expect(degreeDays([10, 15.5, 20], 15.5, 'heating')).toBe(5.5);
    expect(degreeDays([10, 15.5, 20], 15.5, 'cooling')).toBe(4.5);
    expect(degreeDays([], 15.5, 'heating')).toBeNull();
  });
});
