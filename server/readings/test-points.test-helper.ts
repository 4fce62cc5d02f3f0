import type { Database } from '../db/database';
import type { DataPointKind } from '../db/tables';
import { createOrganisationWithUser } from '../demo/seed';
import type { PointForWrite } from './write-readings';

let made = 0;

/** A new organisation (with its first user) with one site in timeZone and one data point of the given kind on it. */
export async function pointOnNewSite(
  db: Database,
  kind: DataPointKind,
  timeZone: string,
  registerMax: number | null = null,
): Promise<PointForWrite & { organisationId: number; siteId: number; userId: string }> {
  made++;
  const { organisationId, userId } = await createOrganisationWithUser(db, {
    email: `points-${made}-${Date.now()}@example.test`,
    name: 'Points',
    password: 'Correct-horse-1',
    organisationName: `Points ${made}`,
  });
  const site = await db
    .insertInto('entities')
    .values({
      organisation_id: organisationId,
      type: 'site',
      name: 'Site',
      time_zone: timeZone,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('entities').set({ site_id: site.id }).where('id', '=', site.id).execute();
  const point = await pointOnSite(db, { organisationId, siteId: site.id, timeZone }, kind, registerMax);
  return { ...point, organisationId, siteId: site.id, userId };
}

/** One more data point of the given kind on a site pointOnNewSite made: many points without a new organisation each. */
export async function pointOnSite(
  db: Database,
  site: { organisationId: number; siteId: number; timeZone: string },
  kind: DataPointKind,
  registerMax: number | null = null,
): Promise<PointForWrite> {
  made++;
  return db
    .insertInto('data_points')
    .values({
      organisation_id: site.organisationId,
      entity_id: site.siteId,
      name: `Point ${made}`,
      intent: 'electricity',
      unit: 'kWh',
      kind,
      register_max: registerMax,
      time_zone: site.timeZone,
      updated_at: new Date(),
    })
    .returning(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
    .executeTakeFirstOrThrow();
}

/** Instants every 15 minutes from `from` (inclusive) to `to` (exclusive). */
export function quarterHours(from: string, to: string): number[] {
  const times: number[] = [];
  for (let time = Date.parse(from); time < Date.parse(to); time += 900_000) times.push(time);
  return times;
}
