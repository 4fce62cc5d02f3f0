import { HOUR_MS } from '../../src/time/civil-time';
import type { Database } from '../db/database';
import { type AlertingRule, alertSubject } from './alerting-rule';
import { alertsPage } from './alerts-page';
import type { Transition } from './evaluate';
import type { Recipients } from './recipients';
import { queueWebhooks } from './webhook-deliveries';

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
  /** Who is told, read once for the caller's batch. */
  recipients: Recipients,
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
    if (hadFired && !snoozed && (await notify(trx, recipients, rule, open.id, transition, publicUrl)))
      queued = true;
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
 * Tells every member in the app, queues the mail of those whose choices
 * take the rule's severity, and queues a post to each webhook that takes
 * it; whether any mail or post was queued. A member who chose the digest,
 * or has had MAILS_AN_HOUR mails about alerts in the last hour (a storm),
 * gets this one in the digest sent at the top of the next hour.
 */
async function notify(
  trx: Database,
  recipients: Recipients,
  rule: AlertingRule,
  alertId: number,
  transition: Transition,
  publicUrl: string,
): Promise<boolean> {
  const state = transition.to === 'firing' ? 'firing' : 'resolved';
  const posted = await queueWebhooks(trx, rule, alertId, transition, publicUrl);
  const members = await recipients.of(rule.organisationId);
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
  const mailed = await recipients.mailedOf(rule.organisationId, rule.severity);
  if (mailed.length === 0) return posted;
  const mail = alertMail(rule, transition, publicUrl);
  const nextHour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS);
  const rows = [];
  for (const member of mailed) {
    const digest = await recipients.digests(member);
    if (!digest) recipients.mailed(member.email);
    rows.push({
      organisation_id: rule.organisationId,
      alert_id: alertId,
      channel: 'email' as const,
      recipient: member.email,
      subject: mail.subject,
      ...(digest ? { body: mail.section, digest, next_attempt_at: nextHour } : { body: mail.body }),
    });
  }
  await trx.insertInto('notification_deliveries').values(rows).execute();
  return true;
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
