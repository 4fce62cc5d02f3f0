import type { Mailer } from './mailer';

declare module '../http/api-context' {
  interface ApiContext {
    /** Sends mail, or prints it to the log and keeps it in the outbox until SMTP is set up. */
    mailer: Mailer;
  }
}
