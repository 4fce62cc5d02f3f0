import type { ReplaceDataPointRequest } from '../../src/generated/api-types';
import { requireFeature } from '../billing/plan-limits';
import type { Database } from '../db/database';
import { ApiError, fieldError, invalidBody } from '../http/api-error';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { organisationEntities } from './entity-tree';
import { duplicateProblems, isUniqueViolation, settingsProblems, siteTimeZone } from './point-rules';
import { rewriteReadings } from './rewrite-readings';
import { takenNamesAndTopics } from './taken-names';

/**
 * Changes a data point; fields left out keep their value. When the change
 * alters what its readings mean (kind, register maximum, the zone its days
 * are cut in), every reading is written again in the same transaction, so
 * consumption and totals always follow the settings they are shown with.
 */
export async function replaceDataPoint(
  db: Database,
  organisationId: number,
  change: ReplaceDataPointRequest,
): Promise<{ recomputed: number }> {
  const entities = await organisationEntities(db, organisationId);
  try {
    return await db.transaction().execute(async (trx) => {
      const current = ownedOrNotFound(
        await trx
          .selectFrom('data_points')
          .selectAll()
          .where('id', '=', change.dataPointId)
          .where('organisation_id', '=', organisationId)
          .forUpdate()
          .executeTakeFirst(),
        `data point ${change.dataPointId}`,
      );
      if (current.source === 'virtual') {
        throw fieldError(
          '/dataPointId',
          `"${current.name}" is a virtual data point: change its formula in the Data Explorer.`,
        );
      }
      const entityId = change.entityId ?? current.entity_id;
      const entity = ownedOrNotFound(entities.get(entityId), `entity ${entityId}`);

      const kind = change.kind ?? current.kind;
      const next = {
        name: change.name?.trim() ?? current.name,
        intent: change.intent ?? current.intent,
        unit: change.unit?.trim() ?? current.unit,
        kind,
        // A register maximum means nothing once the point is no longer a register.
        registerMax:
          change.registerMax !== undefined
            ? change.registerMax
            : kind === 'cumulative'
              ? current.register_max
              : null,
        mqttTopic: change.mqttTopic !== undefined ? change.mqttTopic?.trim() || null : current.mqtt_topic,
      };
      const issues = settingsProblems(next, '');
      if (next.name === '') issues.push({ pointer: '/name', message: 'must not be blank' });
      const zone = entity.id === current.entity_id ? current.time_zone : siteTimeZone(entity, '');
      if (typeof zone !== 'string') issues.push(zone);
      if (next.name !== current.name || next.mqttTopic !== current.mqtt_topic) {
        const taken = await takenNamesAndTopics(trx, organisationId, [next], current.id);
        issues.push(...duplicateProblems([next], taken, () => ''));
      }
      if (issues.length > 0 || typeof zone !== 'string') throw invalidBody(issues);
      // Feeding a point over MQTT is the plan's to allow; a point fed so before a change of plan keeps its feed.
      const becomesMqtt =
        (next.mqttTopic !== null && current.mqtt_topic === null) ||
        (change.source === 'mqtt' && current.source !== 'mqtt');
      if (becomesMqtt) await requireFeature(trx, organisationId, 'mqtt');
      const intervalMinutes = change.intervalMinutes ?? current.interval_minutes;

      await trx
        .updateTable('data_points')
        .set({
          entity_id: entity.id,
          name: next.name,
          intent: next.intent,
          unit: next.unit,
          kind: next.kind,
          register_max: next.registerMax,
          mqtt_topic: next.mqttTopic,
          interval_minutes: intervalMinutes,
          source: change.source ?? current.source,
          time_zone: zone,
          updated_at: new Date(),
        })
        .where('id', '=', current.id)
        .execute();
      // A register's gaps are judged against its interval (suspicious-steps.ts): a new interval books them anew.
      const meaningChanged =
        next.kind !== current.kind ||
        next.registerMax !== current.register_max ||
        zone !== current.time_zone ||
        (next.kind === 'cumulative' && intervalMinutes !== current.interval_minutes);
      const recomputed = meaningChanged
        ? await rewriteReadings(trx, {
            organisation_id: current.organisation_id,
            id: current.id,
            kind: next.kind,
            register_max: next.registerMax,
            interval_minutes: intervalMinutes,
            time_zone: zone,
          })
        : 0;
      return { recomputed };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError(
        409,
        'Another data point with this name or MQTT topic was just saved; reload and try again.',
      );
    }
    throw error;
  }
}
