import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listRules } from '../alerts/rules';
import { siteBenchmarks } from '../benchmarking/site-benchmarks';
import type { DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { DEMO_PORTFOLIO, type DemoDataPoint, type DemoEntity } from './readings/portfolio';
import { generatePortfolio } from './readings/series';
import { createOrganisationWithUser } from './seed';
import { DEMO_SEED, pointName, portfolioRange, seedDemoPortfolio } from './seed-portfolio';

const NOW = Date.UTC(2025, 5, 18, 10, 7, 30);
const DAYS = 21;

interface Expected {
  readings: number;
  valueSum: number;
  min: number;
  max: number;
  /** Sum of deltas: null for instantaneous points. */
  consumption: number | null;
}

/** What the generator gives each point over the same range, by the name the seed gives it. */
function expectedByName(): Map<string, Expected> {
  const { from, to } = portfolioRange(NOW, DAYS);
  const expected = new Map<string, Expected>();
  for (const { point, site, chunks } of generatePortfolio({ from, to, seed: DEMO_SEED })) {
    const values: number[] = [];
    const ts: number[] = [];
    for (const chunk of chunks) {
      values.push(...chunk.values);
      ts.push(...chunk.ts);
    }
    expected.set(pointName(point, site), {
      readings: values.length,
      valueSum: values.reduce((sum, value) => sum + value, 0),
      min: Math.min(...values),
      max: Math.max(...values),
      consumption: consumption(point, ts, values),
    });
  }
  return expected;
}

/** A quarter-hourly register's step across more than six hours is a gap, booked as nothing until someone decides. */
const GAP_MS = 6 * 3_600_000;

/**
 * Interval: the values. Cumulative: the rises, a rollover's way over the top, a reset's new reading, except
 * across the outages longer than six hours, which the demo's meters report as gaps.
 */
function consumption(point: DemoDataPoint, ts: number[], values: number[]): number | null {
  if (point.kind === 'instantaneous') return null;
  if (point.kind === 'interval') return values.reduce((sum, value) => sum + value, 0);
  let used = 0;
  for (let index = 1; index < values.length; index++) {
    if ((ts[index] as number) - (ts[index - 1] as number) > GAP_MS) continue;
    const earlier = values[index - 1] as number;
    const later = values[index] as number;
    if (later >= earlier) used += later - earlier;
    else used += point.registerMax === undefined ? later : point.registerMax - earlier + later;
  }
  return used;
}

function countOf(type: DemoEntity['type']): number {
  const walk = (entity: DemoEntity): number =>
    (entity.type === type ? 1 : 0) + (entity.children ?? []).reduce((sum, child) => sum + walk(child), 0);
  return DEMO_PORTFOLIO.sites.reduce((sum, site) => sum + walk(site), 0);
}

describeEachEngine('demo portfolio seed on %s', (engine) => {
  let database: DatabaseHandle;
  let organisationId: number;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    ({ organisationId } = await createOrganisationWithUser(database.db, {
      email: 'portfolio@example.test',
      name: 'Portfolio',
      password: 'Portfolio-1!',
      organisationName: 'Portfolio Ltd',
    }));
    const result = await seedDemoPortfolio(database.db, {
      organisationId,
      days: DAYS,
      now: NOW,
      log: (line) => lines.push(line),
    });
    expect(result).toMatchObject({ dataPoints: 36, complete: true });
  }, 60_000);
  afterAll(async () => database?.close());

  it('makes the three sites with their trees and the data points', async () => {
    const entities = await database.db
      .selectFrom('entities')
      .select(['id', 'type', 'parent_id', 'site_id', 'time_zone', 'name'])
      .where('organisation_id', '=', organisationId)
      .execute();
    const byType = (type: string) => entities.filter((entity) => entity.type === type);
    expect(byType('site')).toHaveLength(3);
    expect(byType('building')).toHaveLength(3);
    expect(byType('floor')).toHaveLength(9);
    expect(byType('zone').length + byType('room').length).toBe(countOf('zone') + countOf('room'));
    expect(byType('asset')).toHaveLength(countOf('asset'));
    expect(byType('site').map((site) => site.time_zone)).toEqual([
      'Europe/London',
      'Australia/Sydney',
      'America/New_York',
    ]);
    const byId = new Map(entities.map((entity) => [entity.id, entity]));
    for (const entity of entities) {
      if (entity.type === 'site') {
        expect(entity).toMatchObject({ parent_id: null, site_id: entity.id });
        continue;
      }
      expect(entity.time_zone).toBeNull();
      // The site_id is the root of the entity's branch.
      let root = byId.get(entity.parent_id as number);
      while (root?.parent_id) root = byId.get(root.parent_id);
      expect(root?.type).toBe('site');
      expect(entity.site_id).toBe(root?.id);
    }
    const points = await database.db
      .selectFrom('data_points')
      .select('name')
      .where('organisation_id', '=', organisationId)
      .execute();
    expect(points).toHaveLength(36);
    expect(points.map((point) => point.name)).toContain('Gas (Sydney)');
  });

  it('gives each site a weather station whose outdoor temperature benchmarking takes for degree days', async () => {
    const stations = await database.db
      .selectFrom('data_points as p')
      .innerJoin('entities as e', 'e.id', 'p.entity_id')
      .select(['p.name', 'p.unit', 'e.site_id', 'e.tags'])
      .where('p.organisation_id', '=', organisationId)
      .where('p.intent', '=', 'outdoorTemperature')
      .orderBy('p.id')
      .execute();
    expect(stations.map((station) => [station.name, station.unit])).toEqual([
      ['Outdoor temperature (London)', '°C'],
      ['Outdoor temperature (Sydney)', '°C'],
      ['Outdoor temperature (New York)', '°C'],
    ]);
    expect(new Set(stations.map((station) => station.site_id)).size).toBe(3);
    for (const station of stations) expect(station.tags).toContain('outdoor');

    const answer = await siteBenchmarks(
      database.db,
      organisationId,
      { intent: 'electricity', year: 2025, normaliser: 'heatingDegreeDays', baseTemperature: 15.5 },
      NOW,
    );
    expect(answer.sites).toHaveLength(3);
    for (const site of answer.sites) expect(site.degreeDays, site.name).not.toBeNull();
    // June is Sydney's winter: heating degree days, and electricity per each of them.
    const sydney = answer.sites.find((site) => site.name.startsWith('Sydney'));
    expect(sydney?.degreeDays).toBeGreaterThan(0);
    expect(sydney).toMatchObject({ missing: null });
    expect(sydney?.intensity).toBeGreaterThan(0);
  });

  it('gives every point its site’s time zone', async () => {
    const rows = await database.db
      .selectFrom('data_points as p')
      .innerJoin('entities as e', 'e.id', 'p.entity_id')
      .innerJoin('entities as site', 'site.id', 'e.site_id')
      .select(['p.time_zone as pointZone', 'site.time_zone as siteZone', 'site.type as siteType'])
      .where('p.organisation_id', '=', organisationId)
      .execute();
    expect(rows).toHaveLength(36);
    for (const row of rows) {
      expect(row.siteType).toBe('site');
      expect(row.pointZone).toBe(row.siteZone);
    }
  });

  it('writes exactly the generator’s readings, with daily rollups that add up to them', async () => {
    const expected = expectedByName();
    const { rows } = await sql<{
      name: string;
      readings: number;
      first: Date;
      last: Date;
      last_ts: Date;
    }>`
      select p.name, count(r.ts)::int as readings, min(r.ts) as first, max(r.ts) as last, p.last_ts
      from data_points p join readings r on r.data_point_id = p.id
      where p.organisation_id = ${organisationId}
      group by p.id
    `.execute(database.db);
    expect(rows).toHaveLength(36);
    const { from, to } = portfolioRange(NOW, DAYS);
    for (const row of rows) {
      expect(row.readings, row.name).toBe(expected.get(row.name)?.readings);
      expect(row.first.getTime()).toBeGreaterThanOrEqual(from);
      expect(row.last.getTime()).toBeLessThanOrEqual(NOW);
      expect(row.last.getTime()).toBeLessThan(to);
      expect(row.last_ts.getTime()).toBe(row.last.getTime());
    }
    // The last reading is at the quarter hour before NOW (10:00), unless a gap hides it.
    expect(Math.max(...rows.map((row) => row.last.getTime()))).toBe(Date.UTC(2025, 5, 18, 10, 0));

    const { rows: daily } = await sql<{
      name: string;
      days: number;
      readings: number;
      value_sum: number;
      value_min: number;
      value_max: number;
      consumption: number | null;
    }>`
      select p.name, count(*)::int as days, sum(d.readings)::int as readings, sum(d.value_sum) as value_sum,
        min(d.value_min) as value_min, max(d.value_max) as value_max, sum(d.consumption) as consumption
      from data_points p join readings_daily d on d.data_point_id = p.id
      where p.organisation_id = ${organisationId}
      group by p.id
    `.execute(database.db);
    expect(daily).toHaveLength(36);
    for (const row of daily) {
      const want = expected.get(row.name) as Expected;
      expect(row.days, row.name).toBeGreaterThanOrEqual(DAYS - 1);
      expect(row.days, row.name).toBeLessThanOrEqual(DAYS + 1);
      expect(row.readings, row.name).toBe(want.readings);
      expect(row.value_sum, row.name).toBeCloseTo(want.valueSum, 3);
      expect(row.value_min, row.name).toBe(want.min);
      expect(row.value_max, row.name).toBe(want.max);
      if (want.consumption === null) {
        expect(row.consumption, row.name).toBeNull();
      } else {
        expect(row.consumption, row.name).toBeGreaterThan(0);
        expect(row.consumption, row.name).toBeCloseTo(want.consumption, 3);
      }
    }
  });

  it('sets up the first alert rules once the readings are in, so that none fires at seeding', async () => {
    const rules = await listRules(database.db, organisationId);
    expect(rules.map((rule) => [rule.name, rule.dataPointName, rule.state])).toEqual([
      ['First floor too warm', 'Temperature – first floor open plan (London)', 'normal'],
      ['London demand high', 'Electricity – demand (London)', 'normal'],
      ['London main meter silent', 'Electricity – main incomer (London)', 'normal'],
      ['London over its daily budget', 'Electricity – main incomer (London)', 'normal'],
    ]);
    // Each starts after its point's last reading: what was seeded is history to it, not news.
    const starts = await database.db
      .selectFrom('alert_rules as r')
      .innerJoin('data_points as p', 'p.id', 'r.data_point_id')
      .select(['r.judges_after', 'p.last_ts'])
      .execute();
    for (const start of starts) expect(start.judges_after).toEqual(start.last_ts);
    // Demand's threshold is its point's 98th percentile: a few readings of the days seeded go over it.
    const demand = rules.find((rule) => rule.name === 'London demand high');
    if (demand?.condition.kind !== 'above') throw new Error('no demand rule over a value');
    const values = (
      await database.db
        .selectFrom('readings')
        .select('value')
        .where('data_point_id', '=', demand.dataPointId)
        .execute()
    ).map((row) => row.value);
    const over = values.filter((value) => value > (demand.condition as { value: number }).value).length;
    expect(over / values.length).toBeGreaterThan(0.005);
    expect(over / values.length).toBeLessThan(0.05);
    // The budget is the main meter's 90th percentile day: a day or two of those seeded went over it.
    const budget = rules.find((rule) => rule.name === 'London over its daily budget');
    if (budget?.condition.kind !== 'budget') throw new Error('no daily budget');
    const { limit } = budget.condition;
    const days = await database.db
      .selectFrom('readings_daily')
      .select('consumption')
      .where('data_point_id', '=', budget.dataPointId)
      .where('consumption', 'is not', null)
      .execute();
    const overBudget = days.filter((day) => Number(day.consumption) > limit).length;
    expect(overBudget).toBeGreaterThanOrEqual(1);
    expect(overBudget).toBeLessThanOrEqual(Math.ceil(days.length * 0.1));
  });

  it('logs its progress', () => {
    expect(lines.at(0)).toMatch(/^demo data: 5\/36 data points, \d+ k readings$/);
    expect(lines.at(-1)).toMatch(/^demo data: 36\/36 data points, \d+ k readings, done in \d+ s$/);
  });

  it('does nothing for an organisation that has places', async () => {
    const before = await totals(database, organisationId);
    expect(await seedDemoPortfolio(database.db, { organisationId, days: DAYS, now: NOW })).toBeUndefined();
    expect(await totals(database, organisationId)).toEqual(before);
  });
});

async function totals(database: DatabaseHandle, organisationId: number) {
  const { rows } = await sql<{ entities: number; points: number; readings: number; daily: number }>`
    select (select count(*)::int from entities where organisation_id = ${organisationId}) as entities,
      (select count(*)::int from data_points where organisation_id = ${organisationId}) as points,
      (select count(*)::int from readings r join data_points p on p.id = r.data_point_id
        where p.organisation_id = ${organisationId}) as readings,
      (select count(*)::int from readings_daily d join data_points p on p.id = d.data_point_id
        where p.organisation_id = ${organisationId}) as daily
  `.execute(database.db);
  return rows[0];
}
