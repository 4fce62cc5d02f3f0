/**
 * How much mail one recipient gets: verification and reset codes and
 * invitations together (mail about alerts keeps to its own share and digest:
 * server/alerts/recipients.ts). Counted in the outbox, so the limit holds across
 * server processes and restarts. The README's table of limits shows these.
 */
export const MAILS_PER_RECIPIENT = 5;
export const MAIL_WINDOW_MS = 60 * 60_000;

/** The mailer refused a message: its recipient has had MAILS_PER_RECIPIENT within the window. */
export class MailLimitReached extends Error {
  constructor(readonly recipient: string) {
    super(
      `${recipient} has had ${MAILS_PER_RECIPIENT} messages within the hour; no more are sent until later.`,
    );
    this.name = 'MailLimitReached';
  }
}
