-- What reaches each member of an alert (server/alerts/notification-choices.ts): mail from which severity up, or
-- none, and whether one mail per alert or an hourly digest. A member without a row takes the defaults: a mail per
-- firing and resolution of warnings and critical alerts.
create table notification_choices (
  user_id uuid primary key references users(id) on delete cascade,
  organisation_id integer not null references organisations(id) on delete cascade,
  mail_from text not null default 'warning' check (mail_from in ('info', 'warning', 'critical', 'none')),
  mail_digest boolean not null default false,
  updated_at timestamptz not null default now()
);

-- A mail kept for the member's hourly digest (chosen, or past the mails an hour one may get): sent with the
-- others due to that address as one mail once its next_attempt_at, the top of the next hour, comes.
alter table notification_deliveries add column digest boolean not null default false;
create index notification_deliveries_digests on notification_deliveries (recipient, next_attempt_at)
  where digest and delivered_at is null;
-- How many mails about alerts an address was sent one by one in the last hour, asked at every firing: a storm's
-- count must not read every delivery there ever was.
create index notification_deliveries_recent_mail on notification_deliveries (recipient, created_at)
  where channel = 'email' and not digest;
