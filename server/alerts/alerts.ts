import { sql } from 'kysely';
import type { Alert, AlertEvent, AlertPeriod } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { ownedOrNotFound } from '../http/owned-or-not-found';

/** How many alerts a list of all of them shows: the newest. */
const LAST_ALERTS = 200;
/** How many firings a chart marks at most: the newest. */
const LAST_PERIODS = 500;

export interface AlertFilter {
  state?: 'open' | 'all';
  dataPointId?: number;
  /** The alerts of the rules on the data points of these places. */
  entityIds?: readonly number[];
  alertId?: number;
}

/** The organisation's alerts, newest first, each with its history and who acknowledged it. */
export async function listAlerts(
  db: Database,
  organisationId: number,
  filter: AlertFilter = {},
): Promise<Alert[]> {
  let query = db
    .selectFrom('alerts as a')
    .innerJoin('alert_rules as r', (join) =>
      join.onRef('r.organisation_id', '=', 'a.organisation_id').onRef('r.id', '=', 'a.rule_id'),
    )
    .innerJoin('data_points as p', 'p.id', 'r.data_point_id')
    .leftJoin('users as u', 'u.id', 'a.acknowledged_by')
    .select([
      'a.id',
      'a.rule_id',
      'r.name as rule_name',
      'r.data_point_id',
      'p.name as point_name',
      'r.severity',
      'a.state',
      'a.value',
      'a.started_at',
      'a.fired_at',
      'a.resolved_at',
      'a.acknowledged_at',
      personName('u').as('acknowledged_by'),
      'a.snoozed_until',
    ])
    .where('a.organisation_id', '=', organisationId)
    .orderBy('a.started_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(LAST_ALERTS);
  if (filter.alertId !== undefined) query = query.where('a.id', '=', filter.alertId);
  else if ((filter.state ?? 'open') === 'open') query = query.where('a.state', '<>', 'resolved');
  if (filter.dataPointId !== undefined) query = query.where('r.data_point_id', '=', filter.dataPointId);
  if (filter.entityIds !== undefined) query = query.where('p.entity_id', 'in', [...filter.entityIds]);
  const rows = await query.execute();
  const events = await eventsOf(
    db,
    rows.map((row) => row.id),
  );
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return rows.map((row) => ({
    id: row.id,
    ruleId: row.rule_id,
    ruleName: row.rule_name,
    dataPointId: row.data_point_id,
    dataPointName: row.point_name,
    severity: row.severity,
    state: row.state,
    value: row.value,
    startedAt: row.started_at.toISOString(),
    firedAt: iso(row.fired_at),
    resolvedAt: iso(row.resolved_at),
    acknowledgedAt: iso(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by,
    snoozedUntil: iso(row.snoozed_until),
    events: events.get(row.id) ?? [],
  }));
}

/** A person as the history names them: their name, or their e-mail where they gave none. */
function personName(table: 'u') {
  return sql<string | null>`coalesce(nullif(${sql.ref(`${table}.name`)}, ''), ${sql.ref(`${table}.email`)})`;
}

async function eventsOf(db: Database, alertIds: number[]): Promise<Map<number, AlertEvent[]>> {
  const byAlert = new Map<number, AlertEvent[]>();
  if (alertIds.length === 0) return byAlert;
  const rows = await db
    .selectFrom('alert_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.alert_id', 'e.at', 'e.kind', personName('u').as('by'), 'e.text', 'e.value'])
    .where('e.alert_id', 'in', alertIds)
    .orderBy('e.id')
    .execute();
  for (const row of rows) {
    const list = byAlert.get(row.alert_id) ?? [];
    list.push({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      by: row.by,
      text: row.text,
      value: row.value,
    });
    byAlert.set(row.alert_id, list);
  }
  return byAlert;
}

/**
 * When the alerts of the rules on these data points fired within [from, to):
 * each that fired before `to` and had not resolved by `from`, oldest first.
 */
export async function alertPeriods(
  db: Database,
  organisationId: number,
  { dataPointIds, from, to }: { dataPointIds: readonly number[]; from: Date; to: Date },
): Promise<AlertPeriod[]> {
  const rows = await db
    .selectFrom('alerts as a')
    .innerJoin('alert_rules as r', (join) =>
      join.onRef('r.organisation_id', '=', 'a.organisation_id').onRef('r.id', '=', 'a.rule_id'),
    )
    .select(['a.id', 'r.name', 'r.data_point_id', 'r.severity', 'a.fired_at', 'a.resolved_at'])
    .where('a.organisation_id', '=', organisationId)
    .where('r.data_point_id', 'in', [...dataPointIds])
    .where('a.fired_at', 'is not', null)
    .where('a.fired_at', '<', to)
    .where((eb) => eb.or([eb('a.resolved_at', 'is', null), eb('a.resolved_at', '>', from)]))
    .orderBy('a.fired_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(LAST_PERIODS)
    .execute();
  return rows.reverse().map((row) => ({
    id: row.id,
    ruleName: row.name,
    dataPointId: row.data_point_id,
    severity: row.severity,
    firedAt: (row.fired_at as Date).toISOString(),
    resolvedAt: row.resolved_at?.toISOString() ?? null,
  }));
}

export async function findAlert(db: Database, organisationId: number, alertId: number): Promise<Alert> {
  const [alert] = await listAlerts(db, organisationId, { alertId });
  return ownedOrNotFound(alert, `alert ${alertId}`);
}

/** Someone has seen the alert and is on it: noted once, in its history too. */
export async function acknowledgeAlert(
  db: Database,
  organisationId: number,
  userId: string,
  alertId: number,
): Promise<Alert> {
  const alert = await findAlert(db, organisationId, alertId);
  if (alert.acknowledgedAt !== null) return alert;
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    await trx
      .updateTable('alerts')
      .set({ acknowledged_at: now, acknowledged_by: userId })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', alertId)
      .execute();
    await noteEvent(trx, { organisationId, alertId }, 'acknowledged', userId, null, now);
  });
  return findAlert(db, organisationId, alertId);
}

/** No notifications of the alert until `minutes` from now. */
export async function snoozeAlert(
  db: Database,
  organisationId: number,
  userId: string,
  alertId: number,
  minutes: number,
): Promise<Alert> {
  await findAlert(db, organisationId, alertId);
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    const until = new Date(now.getTime() + minutes * 60_000);
    await trx
      .updateTable('alerts')
      .set({ snoozed_until: until })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', alertId)
      .execute();
    await noteEvent(trx, { organisationId, alertId }, 'snoozed', userId, `until ${until.toISOString()}`, now);
  });
  return findAlert(db, organisationId, alertId);
}

export async function commentOnAlert(
  db: Database,
  organisationId: number,
  userId: string,
  alertId: number,
  text: string,
): Promise<Alert> {
  await findAlert(db, organisationId, alertId);
  await noteEvent(db, { organisationId, alertId }, 'comment', userId, text, new Date());
  return findAlert(db, organisationId, alertId);
}

function noteEvent(
  db: Database,
  { organisationId, alertId }: { organisationId: number; alertId: number },
  kind: 'acknowledged' | 'snoozed' | 'comment',
  userId: string,
  text: string | null,
  at: Date,
) {
  return db
    .insertInto('alert_events')
    .values({
      organisation_id: organisationId,
      alert_id: alertId,
      at,
      kind,
      user_id: userId,
      text,
      value: null,
    })
    .execute();
}
