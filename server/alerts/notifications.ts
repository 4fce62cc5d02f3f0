import type { AppNotification } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { notFound } from '../http/api-error';

/** How many of a member's notifications the bell lists: the newest. */
const LISTED = 50;

export interface Recipient {
  organisationId: number;
  userId: string;
}

/** The member's own notifications, newest first, and how many are unread in all. */
export async function listNotifications(
  db: Database,
  recipient: Recipient,
): Promise<{ unread: number; notifications: AppNotification[] }> {
  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('alerts as a', (join) =>
      join.onRef('a.organisation_id', '=', 'n.organisation_id').onRef('a.id', '=', 'n.alert_id'),
    )
    .innerJoin('alert_rules as r', (join) =>
      join.onRef('r.organisation_id', '=', 'a.organisation_id').onRef('r.id', '=', 'a.rule_id'),
    )
    .select(['n.id', 'n.alert_id', 'r.name', 'r.severity', 'n.state', 'n.created_at', 'n.read_at'])
    .where('n.user_id', '=', recipient.userId)
    .where('n.organisation_id', '=', recipient.organisationId)
    .orderBy('n.id', 'desc')
    .limit(LISTED)
    .execute();
  return {
    unread: await unreadCount(db, recipient),
    notifications: rows.map((row) => ({
      id: row.id,
      alertId: row.alert_id,
      title: row.name,
      severity: row.severity,
      state: row.state,
      createdAt: row.created_at.toISOString(),
      readAt: row.read_at?.toISOString() ?? null,
    })),
  };
}

/** Marks the member's notifications read: those named, each of which must be theirs, or all of them. */
export async function markNotificationsRead(
  db: Database,
  recipient: Recipient,
  ids: readonly number[] | undefined,
): Promise<number> {
  if (ids !== undefined && ids.length > 0) {
    const own = await db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', recipient.userId)
      .where('organisation_id', '=', recipient.organisationId)
      .where('id', 'in', [...ids])
      .execute();
    const found = new Set(own.map((row) => row.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound(`notification ${missing} of yours`);
  }
  if (ids === undefined || ids.length > 0) {
    let update = db
      .updateTable('notifications')
      .set({ read_at: new Date() })
      .where('user_id', '=', recipient.userId)
      .where('organisation_id', '=', recipient.organisationId)
      .where('read_at', 'is', null);
    if (ids !== undefined) update = update.where('id', 'in', [...ids]);
    await update.execute();
  }
  return unreadCount(db, recipient);
}

async function unreadCount(db: Database, recipient: Recipient): Promise<number> {
  const { count } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', recipient.userId)
    .where('organisation_id', '=', recipient.organisationId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}
