import { sql } from 'kysely';
import { createRule } from '../alerts/rules';
import type { Database } from '../db/database';
import { ofPoint, type PointKey } from '../readings/point-key';
import type { PointForWrite } from '../readings/readings-writer';

/**
 * The alert rules a facility manager sets up first, on the demo's London
 * office: demand too high for half an hour, the open plan too warm in
 * working hours, a day's use over budget, and the main meter gone silent. Made after the readings,
 * so the history is the replay's to judge, not news: nothing fires at
 * seeding, and the silent feed fires two hours after the last reading if
 * no live feed follows. Demand's threshold sits at its point's 98th
 * percentile (what is high depends on the building), so the replay shows a
 * few firings over the days seeded; the budget is its meter's 90th
 * percentile day, so a day or two went over it; warmth's is a comfort limit.
 */
/** Warmer than this in an office is too warm (CIBSE's summer comfort range for offices tops out at 25 °C). */
const COMFORT_LIMIT_C = 25;

export async function seedDemoRules(
  db: Database,
  organisationId: number,
  points: ReadonlyMap<string, PointForWrite>,
): Promise<void> {
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at')
    .executeTakeFirst();
  const demand = points.get('lon-elec-demand');
  const warmth = points.get('lon-temp-1-open');
  const main = points.get('lon-elec-main');
  if (!owner || !demand || !warmth || !main) return;
  const rule = (dataPointId: number, fields: Omit<Parameters<typeof createRule>[3], 'dataPointId'>) =>
    createRule(db, organisationId, owner.id, { ...fields, dataPointId });
  await rule(demand.id, {
    name: 'London demand high',
    condition: {
      kind: 'above',
      value: await highValue(db, { organisation_id: organisationId, id: demand.id }, 400),
      hysteresis: 10,
      forMinutes: 30,
    },
    severity: 'warning',
    cooldownMinutes: 120,
    activeHours: null,
    enabled: true,
  });
  await rule(warmth.id, {
    name: 'First floor too warm',
    condition: { kind: 'above', value: COMFORT_LIMIT_C, hysteresis: 1, forMinutes: 60 },
    severity: 'info',
    cooldownMinutes: 0,
    activeHours: { days: [1, 2, 3, 4, 5], from: '07:00', to: '19:00' },
    enabled: true,
  });
  await rule(main.id, {
    name: 'London over its daily budget',
    condition: {
      kind: 'budget',
      measure: 'consumption',
      period: 'day',
      limit: await dailyBudget(db, { organisation_id: organisationId, id: main.id }, 5000),
    },
    severity: 'warning',
    cooldownMinutes: 0,
    activeHours: null,
    enabled: true,
  });
  await rule(main.id, {
    name: 'London main meter silent',
    condition: { kind: 'silent', minutes: 120 },
    severity: 'critical',
    cooldownMinutes: 0,
    activeHours: null,
    enabled: true,
  });
}

/** The point's 98th percentile, to a tenth; `otherwise` for a point without readings. */
async function highValue(db: Database, point: PointKey, otherwise: number): Promise<number> {
  const { rows } = await sql<{ high: number | null }>`
    select percentile_cont(0.98) within group (order by value) as high from readings where ${ofPoint(point)}
  `.execute(db);
  const high = rows[0]?.high;
  return high === null || high === undefined ? otherwise : Math.round(Number(high) * 10) / 10;
}

/** The point's 90th percentile local day's use, rounded up to 10; `otherwise` for a point without any. */
async function dailyBudget(db: Database, point: PointKey, otherwise: number): Promise<number> {
  const { rows } = await sql<{ high: number | null }>`
    select percentile_cont(0.9) within group (order by consumption) as high
    from readings_daily where ${ofPoint(point)} and consumption is not null
  `.execute(db);
  const high = rows[0]?.high;
  return high === null || high === undefined ? otherwise : Math.ceil(Number(high) / 10) * 10;
}
