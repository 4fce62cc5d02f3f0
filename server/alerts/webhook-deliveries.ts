import { sql } from 'kysely';
import type { ChannelDelivery } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { keyedRows } from '../db/keyed-rows';
import { fieldError } from '../http/api-error';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { type AlertingRule, alertSubject } from './alerting-rule';
import { alertsPage } from './alerts-page';
import { leastSeveritiesTaking } from './channels';
import { MAX_ATTEMPTS, retryAt } from './deliveries';
import type { Transition } from './evaluate';
import { postWebhook } from './webhook-post';

/** Posts claimed at a time, and how long a claim holds: longer than a post may take (10 s), with room. */
const BATCH = 20;
const CLAIM_MS = 60_000;

/** A webhook of an organisation, as a post to it is queued. */
export interface WebhookChannel {
  id: number;
  url: string;
}

/** The organisation's enabled webhooks that take an alert of this severity. */
export function webhooksTaking(
  trx: Database,
  organisationId: number,
  severity: AlertingRule['severity'],
): Promise<WebhookChannel[]> {
  return trx
    .selectFrom('alert_channels')
    .select(['id', 'url'])
    .where('organisation_id', '=', organisationId)
    .where('enabled', '=', true)
    .where('min_severity', 'in', leastSeveritiesTaking(severity))
    .execute();
}

/** The posts of an alert's change to these webhooks, as notification_deliveries rows to insert. */
export function webhookPosts(
  channels: readonly WebhookChannel[],
  rule: AlertingRule,
  alertId: number,
  transition: Transition,
  publicUrl: string,
) {
  const state = transition.to === 'firing' ? 'firing' : 'resolved';
  const body = JSON.stringify({
    event: `alert.${state}`,
    at: new Date(transition.at).toISOString(),
    alert: {
      id: alertId,
      state,
      severity: rule.severity,
      rule: { id: rule.id, name: rule.name },
      dataPoint: rule.dataPointName,
      value: transition.value,
      url: alertsPage(publicUrl),
    },
  });
  const subject = alertSubject(rule, state === 'firing');
  return channels.map((channel) => ({
    organisation_id: rule.organisationId,
    alert_id: alertId,
    channel: 'webhook' as const,
    channel_id: channel.id,
    recipient: channel.url,
    subject,
    body,
  }));
}

/**
 * Posts the webhook deliveries that are due. Each batch is claimed first
 * (claimed_until, in a transaction of its own, FOR UPDATE SKIP LOCKED, so
 * two processes never take one), posted outside any transaction, since a
 * receiver may take seconds, and then marked. A crash between the post and
 * the mark leaves the claim to run out and the post to be made again: at
 * least once, each try naming its delivery. A failure is tried again later,
 * each wait twice the one before, and kept with its error. Returns how many
 * were delivered.
 */
export async function deliverWebhooksDue(
  db: Database,
  { now = () => new Date(), signal }: { now?: () => Date; signal?: AbortSignal } = {},
): Promise<number> {
  let delivered = 0;
  for (;;) {
    signal?.throwIfAborted();
    const claimed = await claimDue(db, now());
    const answers = await Promise.all(
      claimed.map((delivery) =>
        postWebhook({
          url: delivery.url,
          secret: delivery.secret,
          body: delivery.body,
          deliveryId: String(delivery.id),
          signal,
        }),
      ),
    );
    // Stopped while posting: the posts are left to their claims, tried again once those run out, not counted.
    signal?.throwIfAborted();
    for (const [index, delivery] of claimed.entries()) {
      const answer = answers[index];
      if (!answer) continue;
      const at = now();
      await db
        .updateTable('notification_deliveries')
        .set(
          answer.ok
            ? { delivered_at: at, attempts: sql`attempts + 1`, error: null, claimed_until: null }
            : {
                attempts: sql`attempts + 1`,
                next_attempt_at: retryAt(at, delivery.attempts),
                error: answer.message,
                claimed_until: null,
              },
        )
        .where('organisation_id', '=', delivery.organisation_id)
        .where('id', '=', delivery.id)
        .execute();
      if (answer.ok) delivered++;
    }
    if (claimed.length < BATCH) return delivered;
  }
}

/** Claims up to a batch of due webhook deliveries, with the address and secret each is posted with now. */
async function claimDue(db: Database, now: Date) {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('notification_deliveries as d')
      .innerJoin('alert_channels as c', (join) =>
        join.onRef('c.organisation_id', '=', 'd.organisation_id').onRef('c.id', '=', 'd.channel_id'),
      )
      .select(['d.organisation_id', 'd.id', 'd.body', 'd.attempts', 'c.url', 'c.secret'])
      .where('d.channel', '=', 'webhook')
      // A webhook switched off is posted nothing, its queued posts neither: they wait for it to be on again.
      .where('c.enabled', '=', true)
      .where('d.delivered_at', 'is', null)
      .where('d.attempts', '<', MAX_ATTEMPTS)
      .where('d.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('d.claimed_until', 'is', null), eb('d.claimed_until', '<', now)]))
      .orderBy('d.id')
      .limit(BATCH)
      .forUpdate('d')
      .skipLocked()
      .execute();
    if (due.length > 0) {
      await trx
        .updateTable('notification_deliveries')
        .set({ claimed_until: new Date(now.getTime() + CLAIM_MS) })
        .where(keyedRows(due))
        .execute();
    }
    return due;
  });
}

/** The organisation's webhook posts that failed and are not delivered yet, newest first. */
export async function failingDeliveries(db: Database, organisationId: number): Promise<ChannelDelivery[]> {
  const rows = await db
    .selectFrom('notification_deliveries as d')
    .innerJoin('alert_channels as c', (join) =>
      join.onRef('c.organisation_id', '=', 'd.organisation_id').onRef('c.id', '=', 'd.channel_id'),
    )
    .select([
      'd.id',
      'd.channel_id',
      'c.name',
      'd.subject',
      'd.attempts',
      'd.error',
      'd.next_attempt_at',
      'd.created_at',
    ])
    .where('d.organisation_id', '=', organisationId)
    .where('d.delivered_at', 'is', null)
    .where('d.error', 'is not', null)
    .orderBy('d.id', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    channelId: row.channel_id as number,
    channelName: row.name,
    subject: row.subject,
    attempts: row.attempts,
    error: row.error as string,
    nextAttemptAt: row.attempts >= MAX_ATTEMPTS ? null : row.next_attempt_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  }));
}

/**
 * Makes a failed post due now, with its tries counted afresh and its error
 * cleared: it leaves the list of failed posts, and comes back to it with
 * the new error if it fails again. A post being posted right now is left
 * to that; one to a webhook switched off is refused, saying so.
 */
export async function retryDelivery(db: Database, organisationId: number, deliveryId: number): Promise<void> {
  const delivery = await db
    .selectFrom('notification_deliveries as d')
    .innerJoin('alert_channels as c', (join) =>
      join.onRef('c.organisation_id', '=', 'd.organisation_id').onRef('c.id', '=', 'd.channel_id'),
    )
    .select(['c.name', 'c.enabled', 'd.claimed_until', 'd.delivered_at'])
    .where('d.id', '=', deliveryId)
    .where('d.organisation_id', '=', organisationId)
    .executeTakeFirst();
  const { name, enabled, claimed_until, delivered_at } = ownedOrNotFound(
    delivery,
    `failed delivery ${deliveryId}`,
  );
  if (!enabled) throw fieldError('/id', `The webhook "${name}" is switched off: switch it on to post again.`);
  const now = new Date();
  if (delivered_at !== null || (claimed_until !== null && claimed_until > now)) return;
  await db
    .updateTable('notification_deliveries')
    .set({ attempts: 0, next_attempt_at: now, claimed_until: null, error: null })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', deliveryId)
    .where('delivered_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .execute();
}
