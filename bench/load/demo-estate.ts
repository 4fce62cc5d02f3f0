import { sql } from 'kysely';
import type { Database } from '../../server/db/database.ts';
import { DEMO_EMAIL, demoOrganisationId, seedDemo } from '../../server/demo/seed.ts';
import { seedDemoPortfolio } from '../../server/demo/seed-portfolio.ts';
import type { BenchUser } from '../api/tenants.ts';

export interface DemoEstate {
  organisationId: number;
  /** The demo user, who sends every request. */
  user: BenchUser;
  dataPoints: number;
  readings: number;
}

/**
 * What `npm start` makes on a first start with an empty database: the demo
 * user and organisation, then the demo sites, data points and `days` of
 * readings, by the same functions. Here the readings are all written before
 * any request, instead of while the server answers.
 */
export async function seedDemoEstate(
  db: Database,
  days: number,
  log: (line: string) => void,
): Promise<DemoEstate> {
  if (!(await seedDemo(db))) throw new Error('the database already has users: the demo needs an empty one');
  const organisationId = await demoOrganisationId(db);
  if (organisationId === undefined) throw new Error('the demo user has no organisation');
  const seeded = await seedDemoPortfolio(db, { organisationId, days, log });
  if (!seeded?.complete) throw new Error('the demo estate was not seeded in full');
  await analyzeOwnTables(db);
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'organisation_id', 'attributes'])
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  return {
    organisationId,
    user: { ...user, organisation_id: organisationId },
    dataPoints: seeded.dataPoints,
    readings: seeded.readings,
  };
}

/**
 * A server that has run a while has statistics from autovacuum; tables filled a moment ago have none.
 * Only this schema's tables: the database is shared with other schemas (test runs, other benches).
 */
async function analyzeOwnTables(db: Database): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
  `.execute(db);
  for (const { name } of rows) await sql`analyze ${sql.id(name)}`.execute(db);
}
