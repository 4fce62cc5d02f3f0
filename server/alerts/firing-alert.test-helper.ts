import type { Database } from '../db/database';
import { createOrganisationWithUser } from '../demo/seed';

/**
 * An organisation with a firing alert, made straight in the database, as
 * the evaluator leaves one: for tests of what is delivered about an alert,
 * which need one to deliver about and nothing judging beside them.
 */
export async function organisationWithFiringAlert(
  db: Database,
  name: string,
): Promise<{ organisationId: number; alertId: number }> {
  const { organisationId, pointId } = await meterOfNewOrganisation(db, name);
  const rule = await db
    .insertInto('alert_rules')
    .values({
      organisation_id: organisationId,
      data_point_id: pointId,
      name: 'Rule',
      condition: JSON.stringify({ kind: 'above', value: 1, hysteresis: 0, forMinutes: 0 }),
      severity: 'warning',
      active_hours: JSON.stringify(null),
      state: '{}',
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: alertId } = await db
    .insertInto('alerts')
    .values({
      organisation_id: organisationId,
      rule_id: rule.id,
      state: 'firing',
      value: 2,
      started_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { organisationId, alertId };
}

/** A new organisation with its owner, one site and one meter on it (UTC), made straight in the database. */
export async function meterOfNewOrganisation(
  db: Database,
  name: string,
): Promise<{ organisationId: number; pointId: number }> {
  const { organisationId } = await createOrganisationWithUser(db, {
    email: `owner@${name.toLowerCase()}.test`,
    name: 'Owner',
    password: `${name}-pass-1`,
    organisationName: name,
  });
  const site = await db
    .insertInto('entities')
    .values({ organisation_id: organisationId, type: 'site', name: 'Site', time_zone: 'UTC' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const point = await db
    .insertInto('data_points')
    .values({
      organisation_id: organisationId,
      entity_id: site.id,
      name: 'Meter',
      intent: 'electricity',
      unit: 'kWh',
      kind: 'instantaneous',
      time_zone: 'UTC',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { organisationId, pointId: point.id };
}
