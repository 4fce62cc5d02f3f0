import type { LayoutIssue } from '../../src/engine/validation/issue';
import type { NewDataPoint } from '../../src/generated/api-types';
import { ensureRoom, requireFeature } from '../billing/plan-limits';
import type { Database } from '../db/database';
import { ApiError, invalidBody } from '../http/api-error';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { organisationEntities } from './entity-tree';
import { duplicateProblems, isUniqueViolation, settingsProblems, siteTimeZone } from './point-rules';
import { takenNamesAndTopics } from './taken-names';

/**
 * Creates the data points, all or none: every problem of every point is
 * found first and answered together, so a form or a script can fix them in
 * one round.
 */
export async function addDataPoints(
  db: Database,
  organisationId: number,
  wanted: NewDataPoint[],
): Promise<{ id: number; name: string }[]> {
  const entities = await organisationEntities(db, organisationId);

  const points = wanted.map((point) => ({
    ...point,
    name: point.name.trim(),
    unit: point.unit.trim(),
    registerMax: point.registerMax ?? null,
    mqttTopic: point.mqttTopic?.trim() || null,
  }));
  const issues: LayoutIssue[] = [];
  const zones = points.map((point, index) => {
    const pointer = `/dataPoints/${index}`;
    const entity = ownedOrNotFound(entities.get(point.entityId), `entity ${point.entityId}`);
    if (point.name === '') issues.push({ pointer: `${pointer}/name`, message: 'must not be blank' });
    issues.push(...settingsProblems(point, pointer));
    const zone = siteTimeZone(entity, pointer);
    if (typeof zone !== 'string') issues.push(zone);
    return typeof zone === 'string' ? zone : '';
  });
  issues.push(
    ...duplicateProblems(
      points,
      await takenNamesAndTopics(db, organisationId, points),
      (index) => `/dataPoints/${index}`,
    ),
  );
  if (issues.length > 0) throw invalidBody(issues);
  if (points.some((point) => point.source === 'mqtt' || point.mqttTopic !== null)) {
    await requireFeature(db, organisationId, 'mqtt');
  }

  try {
    return await db.transaction().execute(async (trx) => {
      await ensureRoom(trx, organisationId, 'dataPoints', points.length);
      return trx
        .insertInto('data_points')
        .values(
          points.map((point, index) => ({
            organisation_id: organisationId,
            entity_id: point.entityId,
            name: point.name,
            intent: point.intent,
            unit: point.unit,
            kind: point.kind,
            interval_minutes: point.intervalMinutes ?? 15,
            register_max: point.registerMax,
            source: point.source ?? 'manual',
            mqtt_topic: point.mqttTopic,
            time_zone: zones[index] as string,
            updated_at: new Date(),
          })),
        )
        .returning(['id', 'name'])
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError(
        409,
        'Another data point with one of these names or MQTT topics was just created; reload and try again.',
      );
    }
    throw error;
  }
}
