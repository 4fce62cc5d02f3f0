import nodemailer from 'nodemailer';
import type { Database } from '../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
 */
export function createMailer({ db, smtpUrl, from, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send({ to, subject, text }) {
      const { id } = await db
        .insertInto('outbox')
        .values({ to_address: to, subject, body: text })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        log(`mail to ${to}: ${subject}\n${text}`);
        return;
      }
      try {
        await transport.sendMail({ from, to, subject, text });
        await db.updateTable('outbox').set({ sent_at: new Date() }).where('id', '=', id).execute();
      } catch (error) {
        await db
          .updateTable('outbox')
          .set({ error: (error as Error).message })
          .where('id', '=', id)
          .execute();
        throw error;
      }
    },
  };
}
