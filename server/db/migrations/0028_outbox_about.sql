-- What a mail in the outbox is about (server/mail/mailer.ts). The share of mail each recipient may get an hour
-- (mail-limits.ts) is of what people's forms send: codes and invitations. Mail about alerts keeps to its own
-- hourly share and digest (server/alerts/recipients.ts), so an alert storm can no longer use up a member's
-- share and keep their password reset code from them.
alter table outbox add column about text not null default 'account' check (about in ('account', 'alerts'));
