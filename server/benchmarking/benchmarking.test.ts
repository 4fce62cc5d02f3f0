import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BenchmarkingRequest, SiteBenchmark } from '../../src/generated/api-types';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import { writeReadings } from '../readings/write-readings';
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

/** The local calendar date of an instant in a zone, by Intl: the reference the server's offsets are checked against. */
function localDay(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
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
        .returning(['id', 'kind', 'register_max', 'time_zone'])
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

  it('counts degree days from daily means: heating below the base, cooling above', () => {
    expect(degreeDays([10, 15.5, 20], 15.5, 'heating')).toBe(5.5);
    expect(degreeDays([10, 15.5, 20], 15.5, 'cooling')).toBe(4.5);
    expect(degreeDays([], 15.5, 'heating')).toBeNull();
  });
});
