import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { checkTariffVersions } from '../tariffs/check-tariff';
import { pointCosts } from '../tariffs/point-costs';
import { DEMO_TARIFFS } from './demo-tariffs';
import { createOrganisationWithUser } from './seed';
import { seedDemoPortfolio } from './seed-portfolio';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

it('gives the demo only tariffs the API would accept', () => {
  for (const tariff of DEMO_TARIFFS) expect(() => checkTariffVersions(tariff.versions)).not.toThrow();
});

describeEachEngine('the demo tariffs on %s', (engine) => {
  let database: DatabaseHandle;
  let organisationId: number;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    ({ organisationId } = await createOrganisationWithUser(database.db, {
      email: 'tariffs@demo.example',
      name: 'Tara Tariff',
      password: 'Tariffs-demo-1!',
      organisationName: 'Demo tariffs',
    }));
    await seedDemoPortfolio(database.db, { organisationId, days: 3, now: NOW });
  }, 120_000);
  afterAll(() => database?.close());

  it('prices every electricity and gas meter of the demo, in pounds, with CO₂', async () => {
    const points = await database.db
      .selectFrom('data_points')
      .select(['id', 'intent'])
      .where('organisation_id', '=', organisationId)
      .where('intent', 'in', ['electricity', 'gas'])
      .where('unit', 'in', ['kWh', 'm³'])
      .execute();
    expect(points.length).toBeGreaterThan(3);
    const { points: costs } = await pointCosts(database.db, organisationId, {
      dataPointIds: points.map((point) => point.id),
      from: new Date(NOW - 2 * 86_400_000).toISOString(),
      to: new Date(NOW).toISOString(),
      bucket: 'day',
    });
    for (const cost of costs) {
      expect(cost.currency, `data point ${cost.dataPointId}`).toBe('GBP');
      expect(cost.total).toBeGreaterThan(0);
      expect(cost.co2Kg).toBeGreaterThan(0);
    }
  });
});
