-- Who a report's scheduled runs are mailed to (issue 41): members of the organisation and addresses outside it,
-- each in a language of their own. A scheduled run is printed once per language among its report's recipients.
create table report_recipients (
  id serial primary key,
  report_id integer not null references reports (id) on delete cascade,
  -- A member (their address read when the mail is sent, as it is then), or an outside address.
  user_id uuid references users (id) on delete cascade,
  email text,
  locale text not null check (locale in ('en-US', 'fr-FR', 'ru-RU', 'zh-CN')),
  check ((user_id is null) <> (email is null))
);
create unique index report_recipients_member on report_recipients (report_id, user_id) where user_id is not null;
create unique index report_recipients_address on report_recipients (report_id, lower(email)) where email is not null;

-- One run of a slot per language, where there was one per slot.
alter table report_runs drop constraint report_runs_report_id_scheduled_for_key;
create unique index report_runs_slot on report_runs (report_id, scheduled_for, locale);
-- When a scheduled run's mail was put in the outbox: mailed once, after it is printed.
alter table report_runs add column mailed_at timestamptz;
create index report_runs_to_mail on report_runs (finished_at) where status = 'done' and scheduled_for is not null and mailed_at is null;

-- Mail about reports keeps to no hourly share: people's forms cannot send it, and its schedules space it.
alter table outbox drop constraint outbox_about_check;
alter table outbox add constraint outbox_about_check check (about in ('account', 'alerts', 'reports'));
