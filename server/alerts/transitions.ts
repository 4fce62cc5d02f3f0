import type { AlertSeverity } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { AlertingRule } from './alerting-rule';
import type { Transition } from './evaluate';
import { queueWebhooks } from './webhook-deliveries';

/** Severities whose firings are e-mailed to every member; the rest are shown in the app alone. */
const MAILED: ReadonlySet<AlertSeverity> = new Set(['warning', 'critical']);

/**
 * Stores what the evaluator decided, in the caller's transaction: the rule's
 * alert opened, fired or resolved, each change in its history, and for a
 * firing or a resolution after one, a notification for every member and the
 * mail to send (unless the alert is snoozed). All of it commits with the
 * rule's new state, or none of it does. Whether any mail or post was queued.
 */
export async function applyTransitions(
  trx: Database,
  rule: AlertingRule,
  transitions: readonly Transition[],
  publicUrl: string,
): Promise<boolean> {
  let queued = false;
  for (const transition of transitions) {
    const at = new Date(transition.at);
    if (transition.to === 'pending') {
      const { id } = await trx
        .insertInto('alerts')
        .values({
          organisation_id: rule.organisationId,
          rule_id: rule.id,
          state: 'pending',
          value: transition.value,
          started_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await record(trx, id, transition);
      continue;
    }
    const open = await openAlert(trx, rule.id);
    if (!open) continue;
    await trx
      .updateTable('alerts')
      .set(
        transition.to === 'firing'
          ? { state: 'firing', fired_at: at }
          : { state: 'resolved', resolved_at: at },
      )
      .where('id', '=', open.id)
      .execute();
    await record(trx, open.id, transition);
    const hadFired = transition.to === 'firing' || open.fired_at !== null;
    const snoozed = open.snoozed_until !== null && open.snoozed_until > at;
    if (hadFired && !snoozed && (await notify(trx, rule, open.id, transition, publicUrl))) queued = true;
  }
  return queued;
}

/** Closes a rule's open alert as resolved, as when the rule is changed or switched off: nobody is told. */
export async function resolveOpenAlert(trx: Database, ruleId: number, at: Date): Promise<void> {
  const open = await openAlert(trx, ruleId);
  if (!open) return;
  await trx
    .updateTable('alerts')
    .set({ state: 'resolved', resolved_at: at })
    .where('id', '=', open.id)
    .execute();
  await record(trx, open.id, { at: at.getTime(), to: 'resolved', value: null }, 'The rule was changed.');
}

function openAlert(trx: Database, ruleId: number) {
  return trx
    .selectFrom('alerts')
    .select(['id', 'fired_at', 'snoozed_until'])
    .where('rule_id', '=', ruleId)
    .where('state', '<>', 'resolved')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

async function record(trx: Database, alertId: number, transition: Transition, text?: string): Promise<void> {
  await trx
    .insertInto('alert_events')
    .values({
      alert_id: alertId,
      at: new Date(transition.at),
      kind: transition.to,
      value: transition.value,
      text: text ?? null,
      user_id: null,
    })
    .execute();
}

/**
 * Tells every member in the app, queues their mail where the severity is
 * mailed, and queues a post to each webhook that takes the severity;
 * whether any mail or post was queued.
 */
async function notify(
  trx: Database,
  rule: AlertingRule,
  alertId: number,
  transition: Transition,
  publicUrl: string,
): Promise<boolean> {
  const state = transition.to === 'firing' ? 'firing' : 'resolved';
  const posted = await queueWebhooks(trx, rule, alertId, transition, publicUrl);
  const members = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('organisation_id', '=', rule.organisationId)
    .where('status', '=', 'CONFIRMED')
    .execute();
  if (members.length === 0) return posted;
  await trx
    .insertInto('notifications')
    .values(
      members.map((member) => ({
        organisation_id: rule.organisationId,
        user_id: member.id,
        alert_id: alertId,
        state,
      })),
    )
    .execute();
  if (!MAILED.has(rule.severity)) return posted;
  const { subject, body } = alertMail(rule, transition, publicUrl);
  await trx
    .insertInto('notification_deliveries')
    .values(
      members.map((member) => ({
        organisation_id: rule.organisationId,
        alert_id: alertId,
        channel: 'email' as const,
        recipient: member.email,
        subject,
        body,
      })),
    )
    .execute();
  return true;
}

/** The mail about an alert firing or resolving: plain text, what, where, when, and where to look. */
function alertMail(rule: AlertingRule, transition: Transition, publicUrl: string) {
  const firing = transition.to === 'firing';
  const subject = `${firing ? `[${rule.severity}] ` : '[resolved] '}${rule.name}`;
  const lines = [
    firing ? `The alert rule "${rule.name}" fired.` : `The alert of "${rule.name}" is resolved.`,
    `Data point: ${rule.dataPointName}`,
    `At: ${new Date(transition.at).toISOString()}`,
    ...(transition.value !== null ? [`Reading: ${transition.value}`] : []),
    '',
    `See it, acknowledge it or snooze it: ${publicUrl}/control/logicbuilder`,
  ];
  return { subject, body: lines.join('\n') };
}
