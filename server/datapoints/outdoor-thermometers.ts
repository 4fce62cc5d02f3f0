import { sql } from 'kysely';
import type { Database } from '../db/database';

/**
 * Each site's outdoor temperature in °C: its first point of intent
 * outdoorTemperature, else its first temperature point on a place tagged
 * outdoor, the rule before that intent existed, by which organisations have
 * set theirs up. Degree days (benchmarking) and the temperature model
 * (forecast) both read the weather from it.
 */
export async function outdoorThermometers(
  db: Database,
  organisationId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('data_points as p')
    .innerJoin('entities as e', 'e.id', 'p.entity_id')
    .select(['p.id', 'e.site_id', 'p.intent'])
    .where('p.organisation_id', '=', organisationId)
    .where('p.unit', '=', '°C')
    .where((where) =>
      where.or([
        where('p.intent', '=', 'outdoorTemperature'),
        where.and([where('p.intent', '=', 'temperature'), sql<boolean>`'outdoor' = any(e.tags)`]),
      ]),
    )
    .orderBy('p.id')
    .execute();
  const bySite = new Map<number, number>();
  for (const preferred of [true, false]) {
    for (const row of rows) {
      if (row.site_id === null || bySite.has(row.site_id)) continue;
      if ((row.intent === 'outdoorTemperature') === preferred) bySite.set(row.site_id, row.id);
    }
  }
  return bySite;
}

/** The outdoor thermometer of the site a data point is on, if the site has one and the point is on a site. */
export async function siteOutdoorThermometer(
  db: Database,
  organisationId: number,
  pointId: number,
): Promise<number | undefined> {
  const place = await db
    .selectFrom('data_points as p')
    .innerJoin('entities as e', 'e.id', 'p.entity_id')
    .select('e.site_id')
    .where('p.organisation_id', '=', organisationId)
    .where('p.id', '=', pointId)
    .executeTakeFirst();
  if (place?.site_id === null || place?.site_id === undefined) return undefined;
  const thermometer = (await outdoorThermometers(db, organisationId)).get(place.site_id);
  return thermometer === pointId ? undefined : thermometer;
}
