import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AlertChannel, AlertSeverity, ChannelCreateRequest } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { checkChannelUrl } from './channel-url';
import { postWebhook, type WebhookAnswer } from './webhook-post';

/** A channel's fields, as set by a person. */
export type ChannelFields = ChannelCreateRequest;

/** What a channel's address is checked against: this server's own addresses. */
export interface ServerAddress {
  publicUrl: string;
  port: number | undefined;
}

const RANK: Record<AlertSeverity, number> = { info: 0, warning: 1, critical: 2 };

/** The least severities of the channels that take an alert of this severity: itself and those below it. */
export function leastSeveritiesTaking(severity: AlertSeverity): AlertSeverity[] {
  return (Object.keys(RANK) as AlertSeverity[]).filter((least) => RANK[least] <= RANK[severity]);
}

/** The organisation's webhooks, by name, each with how many of its deliveries are failing. */
export async function listChannels(
  db: Database,
  organisationId: number,
  channelId?: number,
): Promise<AlertChannel[]> {
  let query = db
    .selectFrom('alert_channels as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.url',
      'c.min_severity',
      'c.enabled',
      'c.created_at',
      eb
        .selectFrom('notification_deliveries as d')
        .select(sql<string>`count(*)`.as('failing'))
        .whereRef('d.channel_id', '=', 'c.id')
        .where('d.delivered_at', 'is', null)
        .where('d.error', 'is not', null)
        .as('failing'),
    ])
    .where('c.organisation_id', '=', organisationId)
    .orderBy('c.name')
    .orderBy('c.id');
  if (channelId !== undefined) query = query.where('c.id', '=', channelId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    url: row.url,
    minSeverity: row.min_severity,
    enabled: row.enabled,
    failing: Number(row.failing ?? 0),
    createdAt: row.created_at.toISOString(),
  }));
}

async function findChannel(db: Database, organisationId: number, channelId: number): Promise<AlertChannel> {
  const [channel] = await listChannels(db, organisationId, channelId);
  return ownedOrNotFound(channel, `webhook ${channelId}`);
}

/** A new webhook and its signing secret, which is returned this once. */
export async function createChannel(
  db: Database,
  organisationId: number,
  userId: string,
  fields: ChannelFields,
  server: ServerAddress,
): Promise<{ channel: AlertChannel; secret: string }> {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const { id } = await db
    .insertInto('alert_channels')
    .values({ organisation_id: organisationId, created_by: userId, secret, ...columns(fields, server) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { channel: await findChannel(db, organisationId, id), secret };
}

export async function updateChannel(
  db: Database,
  organisationId: number,
  channelId: number,
  fields: ChannelFields,
  server: ServerAddress,
): Promise<AlertChannel> {
  // Whose it is first: another organisation's webhook is not found, whatever the fields say.
  await findChannel(db, organisationId, channelId);
  await db
    .updateTable('alert_channels')
    .set({ ...columns(fields, server), updated_at: new Date() })
    .where('id', '=', channelId)
    .where('organisation_id', '=', organisationId)
    .execute();
  return findChannel(db, organisationId, channelId);
}

export async function deleteChannel(db: Database, organisationId: number, channelId: number): Promise<void> {
  const deleted = await db
    .deleteFrom('alert_channels')
    .where('id', '=', channelId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) ownedOrNotFound(undefined, `webhook ${channelId}`);
}

/** Posts a test message to the webhook now, as an alert's would be, and says what its receiver answered. */
export async function testChannel(
  db: Database,
  organisationId: number,
  channelId: number,
  publicUrl: string,
): Promise<{ ok: boolean; status: number | null; message: string }> {
  const channel = await db
    .selectFrom('alert_channels')
    .select(['name', 'url', 'secret'])
    .where('id', '=', channelId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  const { name, url, secret } = ownedOrNotFound(channel, `webhook ${channelId}`);
  const at = new Date().toISOString();
  const body = JSON.stringify({
    event: 'test',
    at,
    channel: name,
    text: `A test from Insights: alerts will be posted here like this one. ${publicUrl}/control/logicbuilder`,
  });
  const answer: WebhookAnswer = await postWebhook({
    url,
    secret,
    body,
    deliveryId: `test-${channelId}-${Date.now()}`,
  });
  return answer.ok ? { ...answer, message: `The receiver answered ${answer.status}.` } : answer;
}

function columns(fields: ChannelFields, server: ServerAddress) {
  if (fields.name.trim() === '')
    throw fieldError('/name', 'Give the webhook a name, such as "Operations chat".');
  return {
    name: fields.name.trim(),
    url: checkChannelUrl(fields.url, server).href,
    min_severity: fields.minSeverity,
    enabled: fields.enabled,
  };
}
