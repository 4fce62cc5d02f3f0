import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/database';
import { MAIL_WINDOW_MS, MAILS_PER_RECIPIENT, MailLimitReached } from './mail-limits';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * alerts: mail about alerts, which keeps to its own share an hour and its
   * digest (server/alerts/recipients.ts) and neither counts against nor is
   * held to the share of mail people's forms send; reports: a report's
   * scheduled mail, spaced by its schedule. account when absent.
   */
  about?: 'account' | 'alerts' | 'reports';
  /** Files sent with it, such as a report's PDF; the outbox keeps their names and sizes, not their bytes. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mailer {
  /**
   * Throws MailLimitReached, and keeps nothing, when the recipient has had
   * their share of mail this hour (mail about alerts aside). `within`: a
   * transaction the message is kept in, so it is in the outbox exactly when
   * the caller's work commits.
   */
  send(message: MailMessage, within?: Database): Promise<void>;
  /** Whether the recipient may be sent another message now: asked before writing what the message is about. */
  hasRoomFor(recipient: string): Promise<boolean>;
}

export interface MailerOptions {
  db: Database;
  /** smtp://user:pass@host:port; without it messages stay in the outbox and go to the log. */
  smtpUrl: string | undefined;
  from: string;
  log: (line: string) => void;
}

/**
 * Every message goes into the outbox table first. With SMTP configured it is
 * then sent and marked sent (or its error kept); without, it is printed to
 * the server log, which is how a local install reads its verification codes.
 * The outbox also counts each recipient's mail (mail-limits.ts), so no form
 * can flood one inbox.
 */
export function createMailer({ db, smtpUrl, from, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async hasRoomFor(recipient) {
      return (await recentMailCount(db, recipient)) < MAILS_PER_RECIPIENT;
    },
    async send({ to, subject, text, about = 'account', attachments }, within = db) {
      const carried = attachments?.length
        ? JSON.stringify(attachments.map(({ filename, content }) => ({ filename, bytes: content.length })))
        : null;
      const id =
        about !== 'account'
          ? (
              await within
                .insertInto('outbox')
                .values({ to_address: to, subject, body: text, about, attachments: carried })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id
          : await keepWithinLimit(within, { to, subject, text });
      if (id === undefined) throw new MailLimitReached(to);
      if (!transport) {
        const files = attachments?.length
          ? `\n(attached: ${attachments.map((file) => file.filename).join(', ')})`
          : '';
        log(`mail to ${to}: ${subject}\n${text}${files}`);
        return;
      }
      try {
        await transport.sendMail({
          from,
          to,
          subject,
          text,
          ...(attachments?.length ? { attachments } : {}),
        });
        await within.updateTable('outbox').set({ sent_at: new Date() }).where('id', '=', id).execute();
      } catch (error) {
        await within
          .updateTable('outbox')
          .set({ error: (error as Error).message })
          .where('id', '=', id)
          .execute();
        throw error;
      }
    },
  };
}

async function recentMailCount(db: Database, recipient: string): Promise<number> {
  const { count } = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('to_address', '=', recipient)
    .where('about', '=', 'account')
    .where('created_at', '>', new Date(Date.now() - MAIL_WINDOW_MS))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Puts the message in the outbox unless its recipient has had their share this hour: one statement, so no half-write. */
async function keepWithinLimit(
  db: Database,
  { to, subject, text }: MailMessage,
): Promise<string | undefined> {
  const since = new Date(Date.now() - MAIL_WINDOW_MS);
  const kept = await sql<{ id: string }>`
    insert into outbox (to_address, subject, body)
    select ${to}, ${subject}, ${text}
    where (select count(*) from outbox
           where to_address = ${to} and about = 'account' and created_at > ${since}) < ${MAILS_PER_RECIPIENT}
    returning id`.execute(db);
  return kept.rows[0]?.id;
}
