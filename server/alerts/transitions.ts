import { type Insertable, sql } from 'kysely';
import { HOUR_MS } from '../../src/time/civil-time';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { type AlertingRule, alertSubject } from './alerting-rule';
import { alertsPage } from './alerts-page';
import type { Transition } from './evaluate';
import type { Recipients } from './recipients';
import { webhookPosts } from './webhook-deliveries';

/** A rule and the changes the evaluator decided for its alert, oldest first. */
export interface RuleTransitions {
  rule: AlertingRule;
  transitions: readonly Transition[];
}

/** A rule's open alert as its changes are worked through: as stored, or opened in this batch. */
interface OpenAlert {
  id: number;
  fired_at: Date | null;
  snoozed_until: Date | null;
}

/** What a batch of changes writes, gathered so that it is written in a few statements, not a few per change. */
interface AlertWrites {
  /** Alerts opened in the batch, by id. */
  opened: Map<number, Insertable<Tables['alerts']>>;
  /** Alerts stored before the batch, by id: their state now and the moments set. */
  changed: Map<
    number,
    { organisationId: number; state: 'firing' | 'resolved'; fired_at: Date | null; resolved_at: Date | null }
  >;
  events: Insertable<Tables['alert_events']>[];
  told: { rule: AlertingRule; alertId: number; transition: Transition }[];
}

/**
 * Stores what the evaluator decided, in the caller's transaction: each
 * rule's alert opened, fired or resolved, each change in its history, and
 * for a firing or a resolution after one, a notification for every member,
 * the mail and the webhook posts to send (unless the alert is snoozed).
 * All of it commits with the rules' new state, or none of it does. The
 * changes of a whole batch of rules are written together: an alert storm
 * is thousands of them, and even a quiet minute of a thousand rules a
 * dozen. Whether any mail or post was queued.
 */
export async function applyTransitions(
  trx: Database,
  changes: readonly RuleTransitions[],
  publicUrl: string,
  /** Who is told, read once for the caller's batch. */
  recipients: Recipients,
): Promise<boolean> {
  const withTransitions = changes.filter(({ transitions }) => transitions.length > 0);
  if (withTransitions.length === 0) return false;
  const open = await openAlerts(
    trx,
    withTransitions.map(({ rule }) => rule.id),
  );
  const opening = withTransitions.reduce(
    (count, { transitions }) => count + transitions.filter(({ to }) => to === 'pending').length,
    0,
  );
  const newIds = (await alertIds(trx, opening)).values();
  const writes: AlertWrites = { opened: new Map(), changed: new Map(), events: [], told: [] };
  for (const { rule, transitions } of withTransitions)
    for (const transition of transitions) workThrough(writes, open, newIds, rule, transition);
  await saveAlerts(trx, writes);
  return tell(trx, recipients, writes.told, publicUrl);
}

/** One change of a rule's alert, worked into what the batch writes and who it tells. */
function workThrough(
  writes: AlertWrites,
  open: Map<number, OpenAlert>,
  newIds: Iterator<number>,
  rule: AlertingRule,
  transition: Transition,
): void {
  const at = new Date(transition.at);
  const event = {
    organisation_id: rule.organisationId,
    at,
    kind: transition.to,
    value: transition.value,
    text: null,
    user_id: null,
  };
  if (transition.to === 'pending') {
    const id = newIds.next().value as number;
    writes.opened.set(id, {
      id,
      organisation_id: rule.organisationId,
      rule_id: rule.id,
      state: 'pending',
      value: transition.value,
      started_at: at,
    });
    writes.events.push({ alert_id: id, ...event });
    open.set(rule.id, { id, fired_at: null, snoozed_until: null });
    return;
  }
  const alert = open.get(rule.id);
  if (!alert) return;
  const firing = transition.to === 'firing';
  const opened = writes.opened.get(alert.id);
  if (opened) {
    opened.state = transition.to;
    if (firing) opened.fired_at = at;
    else opened.resolved_at = at;
  } else {
    const before = writes.changed.get(alert.id);
    writes.changed.set(alert.id, {
      organisationId: rule.organisationId,
      state: transition.to,
      fired_at: firing ? at : (before?.fired_at ?? null),
      resolved_at: firing ? (before?.resolved_at ?? null) : at,
    });
  }
  writes.events.push({ alert_id: alert.id, ...event });
  const hadFired = firing || alert.fired_at !== null;
  const snoozed = alert.snoozed_until !== null && alert.snoozed_until > at;
  if (hadFired && !snoozed) writes.told.push({ rule, alertId: alert.id, transition });
  if (firing) alert.fired_at = at;
  else open.delete(rule.id);
}

/** Each rule's open alert, the newest where (against the rules) there are two. */
async function openAlerts(trx: Database, ruleIds: readonly number[]): Promise<Map<number, OpenAlert>> {
  const rows = await trx
    .selectFrom('alerts')
    .select(['rule_id', 'id', 'fired_at', 'snoozed_until'])
    .distinctOn('rule_id')
    .where('rule_id', '=', sql<number>`any(${[...ruleIds]}::int4[])`)
    .where('state', '<>', 'resolved')
    .orderBy('rule_id')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map(({ rule_id, ...alert }) => [rule_id, alert]));
}

/** Ids for the alerts a batch opens, taken from their sequence in one statement. */
async function alertIds(trx: Database, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: number }>`
    select nextval(pg_get_serial_sequence('alerts', 'id'))::int4 as id from generate_series(1, ${count})
  `.execute(trx);
  return rows.map((row) => row.id);
}

/** The batch's alerts opened and changed, and their history, in one statement each. */
async function saveAlerts(trx: Database, writes: AlertWrites): Promise<void> {
  for (const rows of chunks([...writes.opened.values()]))
    await trx.insertInto('alerts').values(rows).execute();
  const changed = [...writes.changed];
  if (changed.length > 0) {
    await sql`
      update alerts as a
      set state = c.state, fired_at = coalesce(c.fired_at, a.fired_at), resolved_at = coalesce(c.resolved_at, a.resolved_at)
      from unnest(${changed.map(([, change]) => change.organisationId)}::int4[],
                  ${changed.map(([id]) => id)}::int4[],
                  ${changed.map(([, change]) => change.state)}::text[],
                  ${changed.map(([, change]) => change.fired_at)}::timestamptz[],
                  ${changed.map(([, change]) => change.resolved_at)}::timestamptz[])
        as c(organisation_id, id, state, fired_at, resolved_at)
      where a.organisation_id = c.organisation_id and a.id = c.id
    `.execute(trx);
  }
  for (const rows of chunks(writes.events)) await trx.insertInto('alert_events').values(rows).execute();
}

/**
 * Tells of each firing and resolution: every member in the app, the mail
 * of those whose choices take the rule's severity, and a post to each
 * webhook that takes it; whether any mail or post was queued. A member who
 * chose the digest, or has had MAILS_AN_HOUR mails about alerts in the last
 * hour (a storm), gets this one in the digest sent at the top of the next
 * hour.
 */
async function tell(
  trx: Database,
  recipients: Recipients,
  told: AlertWrites['told'],
  publicUrl: string,
): Promise<boolean> {
  const notifications: Insertable<Tables['notifications']>[] = [];
  const deliveries: Insertable<Tables['notification_deliveries']>[] = [];
  const nextHour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS);
  for (const { rule, alertId, transition } of told) {
    const state = transition.to === 'firing' ? 'firing' : 'resolved';
    const channels = await recipients.webhooks(rule.organisationId, rule.severity);
    deliveries.push(...webhookPosts(channels, rule, alertId, transition, publicUrl));
    const members = await recipients.of(rule.organisationId);
    if (members.length > 0) recipients.notified(rule.organisationId);
    for (const member of members)
      notifications.push({
        organisation_id: rule.organisationId,
        user_id: member.id,
        alert_id: alertId,
        state,
      });
    const mailed = await recipients.mailedOf(rule.organisationId, rule.severity);
    if (mailed.length === 0) continue;
    const mail = alertMail(rule, transition, publicUrl);
    for (const member of mailed) {
      const digest = await recipients.digests(member);
      if (!digest) recipients.mailed(member.email);
      deliveries.push({
        organisation_id: rule.organisationId,
        alert_id: alertId,
        channel: 'email',
        recipient: member.email,
        subject: mail.subject,
        ...(digest ? { body: mail.section, digest, next_attempt_at: nextHour } : { body: mail.body }),
      });
    }
  }
  for (const rows of chunks(notifications)) await trx.insertInto('notifications').values(rows).execute();
  for (const rows of chunks(deliveries))
    await trx.insertInto('notification_deliveries').values(rows).execute();
  return deliveries.length > 0;
}

/** Rows inserted at a time: within PostgreSQL's 65,535 parameters at the widest row's ten columns. */
const ROWS_PER_INSERT = 5_000;

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    yield rows.slice(start, start + ROWS_PER_INSERT);
}

/** Closes a rule's open alert as resolved, as when the rule is changed or switched off: nobody is told. */
export async function resolveOpenAlert(
  trx: Database,
  rule: { organisationId: number; id: number },
  at: Date,
): Promise<void> {
  const open = await openAlert(trx, rule);
  if (!open) return;
  await trx
    .updateTable('alerts')
    .set({ state: 'resolved', resolved_at: at })
    .where('organisation_id', '=', rule.organisationId)
    .where('id', '=', open.id)
    .execute();
  const resolved: Transition = { at: at.getTime(), to: 'resolved', value: null };
  await record(trx, { organisationId: rule.organisationId, id: open.id }, resolved, 'The rule was changed.');
}

function openAlert(trx: Database, rule: { organisationId: number; id: number }) {
  return trx
    .selectFrom('alerts')
    .select(['id', 'fired_at', 'snoozed_until'])
    .where('organisation_id', '=', rule.organisationId)
    .where('rule_id', '=', rule.id)
    .where('state', '<>', 'resolved')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

async function record(
  trx: Database,
  alert: { organisationId: number; id: number },
  transition: Transition,
  text?: string,
): Promise<void> {
  await trx
    .insertInto('alert_events')
    .values({
      organisation_id: alert.organisationId,
      alert_id: alert.id,
      at: new Date(transition.at),
      kind: transition.to,
      value: transition.value,
      text: text ?? null,
      user_id: null,
    })
    .execute();
}

/**
 * The mail about an alert firing or resolving, plain text: what, where,
 * when, and where to look; and the same without the link, as a section of
 * a digest, which ends with the link once.
 */
function alertMail(rule: AlertingRule, transition: Transition, publicUrl: string) {
  const firing = transition.to === 'firing';
  const subject = alertSubject(rule, firing);
  const section = [
    firing ? `The alert rule "${rule.name}" fired.` : `The alert of "${rule.name}" is resolved.`,
    `Data point: ${rule.dataPointName}`,
    `At: ${new Date(transition.at).toISOString()}`,
    ...(transition.value !== null ? [`Reading: ${transition.value}`] : []),
  ].join('\n');
  const body = `${section}\n\nSee it, acknowledge it or snooze it: ${alertsPage(publicUrl)}`;
  return { subject, body, section };
}
