import { sql } from 'kysely';
import type { AlertRule, ThresholdCreateRequest } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { NORMAL, type RuleState } from './evaluate';
import { startFlow } from './flow-judge';
import { flowPoints } from './flow-readings';
import { ownPoint } from './own-point';
import { resolveOpenAlert } from './transitions';

/** A rule's fields, as set by a person. */
export type RuleFields = ThresholdCreateRequest;

/** The organisation's alert rules, by name, each with whether it has an alert open. */
export async function listRules(db: Database, organisationId: number, ruleId?: number): Promise<AlertRule[]> {
  let query = db
    .selectFrom('alert_rules as r')
    .innerJoin('data_points as p', 'p.id', 'r.data_point_id')
    .select([
      'r.id',
      'r.name',
      'r.data_point_id',
      'p.name as point_name',
      'r.condition',
      'r.severity',
      'r.cooldown_minutes',
      'r.active_hours',
      'r.enabled',
      'r.state',
      'r.created_at',
    ])
    .where('r.organisation_id', '=', organisationId)
    .orderBy('r.name')
    .orderBy('r.id');
  if (ruleId !== undefined) query = query.where('r.id', '=', ruleId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    dataPointId: row.data_point_id,
    dataPointName: row.point_name,
    condition: row.condition,
    severity: row.severity,
    cooldownMinutes: row.cooldown_minutes,
    activeHours: row.active_hours,
    enabled: row.enabled,
    state: ((row.state as Partial<RuleState>).alert ?? 'normal') as AlertRule['state'],
    createdAt: row.created_at.toISOString(),
  }));
}

export async function findRule(db: Database, organisationId: number, ruleId: number): Promise<AlertRule> {
  const [rule] = await listRules(db, organisationId, ruleId);
  return ownedOrNotFound(rule, `alert rule ${ruleId}`);
}

/**
 * Where a new or changed rule starts judging: after the point's last stored
 * reading, so what is already stored is history (the replay's), not news; a
 * silent feed is measured from that reading, or from now for a point with none.
 */
async function freshStart(
  db: Database,
  organisationId: number,
  { dataPointId, condition }: Pick<RuleFields, 'dataPointId' | 'condition'>,
): Promise<{ state: RuleState; judgesAfter: Date; inputs: number[] }> {
  if (condition.kind === 'flow') {
    // A flow reads several points: what any of them has stored so far is history.
    const { stored } = await flowPoints(db, organisationId, condition);
    const last = await db
      .selectFrom('data_points')
      .select((eb) => eb.fn.max('last_ts').as('last_ts'))
      .where('id', 'in', stored)
      .executeTakeFirst();
    const judgesAfter = last?.last_ts ? new Date(last.last_ts) : new Date(0);
    return {
      state: { ...NORMAL, flow: startFlow(judgesAfter.getTime()) } as RuleState,
      judgesAfter,
      inputs: stored,
    };
  }
  const point = await ownPoint(db, organisationId, dataPointId);
  return {
    inputs: [dataPointId],
    state: { ...NORMAL, lastReadingAt: (point.last_ts ?? new Date()).getTime() },
    judgesAfter: point.last_ts ?? new Date(0),
  };
}

/**
 * Holds the point's progress row (rule_points) to the end of the
 * transaction, made first if it has none, starting at `judgedThrough`: the
 * evaluator judges a point's rules while it holds the row, so a rule is
 * never changed or deleted halfway through being judged. The row's
 * rules_version moves on, so evaluators read the point's rules afresh.
 */
async function holdPoint(trx: Database, pointId: number, judgedThrough?: Date): Promise<void> {
  if (judgedThrough) {
    await trx
      .insertInto('rule_points')
      .values({ data_point_id: pointId, judged_through: judgedThrough })
      .onConflict((conflict) => conflict.column('data_point_id').doNothing())
      .execute();
  }
  await trx
    .updateTable('rule_points')
    .set((eb) => ({ rules_version: eb('rules_version', '+', 1) }))
    .where('data_point_id', '=', pointId)
    .execute();
}

/** Whether any enabled rule watches one of these points: a write to points nobody watches sends no job. */
export async function watched(db: Database, pointIds: readonly number[]): Promise<boolean> {
  if (pointIds.length === 0) return false;
  const row = await db
    .selectFrom('alert_rules')
    .select('id')
    .where('enabled', '=', true)
    .where(sql<boolean>`input_point_ids && ${[...pointIds]}::int4[]`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function createRule(
  db: Database,
  organisationId: number,
  userId: string,
  fields: RuleFields,
): Promise<AlertRule> {
  const start = await freshStart(db, organisationId, fields);
  const id = await db.transaction().execute(async (trx) => {
    await holdPoint(trx, fields.dataPointId, start.judgesAfter);
    const created = await trx
      .insertInto('alert_rules')
      .values({
        organisation_id: organisationId,
        created_by: userId,
        ...columns(fields),
        state: JSON.stringify(start.state),
        judges_after: start.judgesAfter,
        input_point_ids: start.inputs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  });
  return findRule(db, organisationId, id);
}

/**
 * Changes a rule. A new condition, data point or hours, or switching it off,
 * closes its open alert as resolved and judges the readings after now afresh;
 * a new name, severity or cooldown keeps its state.
 */
export async function updateRule(
  db: Database,
  organisationId: number,
  ruleId: number,
  fields: RuleFields,
): Promise<AlertRule> {
  const before = await findRule(db, organisationId, ruleId);
  const judgedAnew =
    before.dataPointId !== fields.dataPointId ||
    judgedForm(before.condition) !== judgedForm(fields.condition) ||
    judgedForm(before.activeHours) !== judgedForm(fields.activeHours) ||
    // Switched off, or on again: a rule switched on judges what comes from now, not what came while it was off.
    before.enabled !== fields.enabled;
  const start = judgedAnew ? await freshStart(db, organisationId, fields) : undefined;
  await db.transaction().execute(async (trx) => {
    // Both points, in one order, so two changes of rules moving between them cannot deadlock.
    for (const pointId of [...new Set([before.dataPointId, fields.dataPointId])].sort((a, b) => a - b)) {
      await holdPoint(trx, pointId, start?.judgesAfter);
    }
    await trx
      .updateTable('alert_rules')
      .set({
        ...columns(fields),
        updated_at: new Date(),
        ...(start
          ? {
              state: JSON.stringify(start.state),
              judges_after: start.judgesAfter,
              input_point_ids: start.inputs,
            }
          : {}),
      })
      .where('id', '=', ruleId)
      .where('organisation_id', '=', organisationId)
      .execute();
    if (start) await resolveOpenAlert(trx, { organisationId, id: ruleId }, new Date());
  });
  return findRule(db, organisationId, ruleId);
}

export async function deleteRule(db: Database, organisationId: number, ruleId: number): Promise<void> {
  const rule = await findRule(db, organisationId, ruleId);
  await db.transaction().execute(async (trx) => {
    await holdPoint(trx, rule.dataPointId);
    const deleted = await trx
      .deleteFrom('alert_rules')
      .where('id', '=', ruleId)
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) ownedOrNotFound(undefined, `alert rule ${ruleId}`);
  });
}

function columns(fields: RuleFields) {
  return {
    name: fields.name.trim(),
    data_point_id: fields.dataPointId,
    condition: JSON.stringify(fields.condition),
    severity: fields.severity,
    cooldown_minutes: fields.cooldownMinutes,
    active_hours: JSON.stringify(fields.activeHours),
    enabled: fields.enabled,
  };
}

/**
 * A condition (or hours) as judging reads it, to tell a change from a save
 * of the same: keys in one order (the database's jsonb keeps its own, a
 * client sends the schema's), and a flow's steps without their places on
 * the canvas (moving a step changes nothing judged).
 */
function judgedForm(value: unknown): string {
  return JSON.stringify(value, (key, item: unknown) => {
    if (key === 'x' || key === 'y') return undefined;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    return Object.fromEntries(
      Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
    );
  });
}
