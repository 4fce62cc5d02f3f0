import { HOUR_MS } from '../../src/time/civil-time';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import type { Mailer } from '../mail/mailer';
import { alertsPage } from './alerts-page';
import type { Recipient } from './notifications';

/** Tests of their alert mail a member may ask for in an hour. */
const TESTS_AN_HOUR = 5;
const SUBJECT = '[test] Your alert mail';

/**
 * Sends the member a test of their alert mail, as alert mail goes (about
 * alerts: not held to, nor counted in, the share of codes and invitations);
 * the address it went to. A sixth in an hour is refused with 429.
 */
export async function sendTestMail(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  recipient: Recipient,
): Promise<string> {
  const { email } = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', recipient.userId)
    .where('organisation_id', '=', recipient.organisationId)
    .executeTakeFirstOrThrow();
  const { count } = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('to_address', '=', email)
    .where('about', '=', 'alerts')
    .where('subject', '=', SUBJECT)
    .where('created_at', '>', new Date(Date.now() - HOUR_MS))
    .executeTakeFirstOrThrow();
  if (Number(count) >= TESTS_AN_HOUR) {
    throw new ApiError(429, `You have had ${TESTS_AN_HOUR} test mails within the hour; try again later.`);
  }
  await mailer.send({
    to: email,
    subject: SUBJECT,
    text: [
      'This is a test of your alert mail from Insights: alerts reach you at this address.',
      '',
      `Choose which alerts are mailed to you, and whether as an hourly digest: ${alertsPage(publicUrl)}`,
    ].join('\n'),
    about: 'alerts',
  });
  return email;
}
