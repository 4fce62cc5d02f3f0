import type { NotificationChoices } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { Recipient } from './notifications';

/** What reaches a member who has not chosen: a mail per firing and resolution of warnings and critical alerts. */
export const DEFAULT_CHOICES: NotificationChoices = { mailFrom: 'warning', mailDigest: false };

/** The member's own choices, or the defaults. */
export async function choicesOf(db: Database, recipient: Recipient): Promise<NotificationChoices> {
  const row = await db
    .selectFrom('notification_choices')
    .select(['mail_from', 'mail_digest'])
    .where('user_id', '=', recipient.userId)
    .where('organisation_id', '=', recipient.organisationId)
    .executeTakeFirst();
  return row ? { mailFrom: row.mail_from, mailDigest: row.mail_digest } : DEFAULT_CHOICES;
}

/** Keeps the member's choices, replacing any before. */
export async function chooseNotifications(
  db: Database,
  recipient: Recipient,
  choices: NotificationChoices,
): Promise<NotificationChoices> {
  const values = { mail_from: choices.mailFrom, mail_digest: choices.mailDigest, updated_at: new Date() };
  await db
    .insertInto('notification_choices')
    .values({ user_id: recipient.userId, organisation_id: recipient.organisationId, ...values })
    // A member who moved to another organisation chooses afresh there: the row is of the organisation now.
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ ...values, organisation_id: recipient.organisationId }),
    )
    .execute();
  return choicesOf(db, recipient);
}
