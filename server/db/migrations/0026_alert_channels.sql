-- Webhooks that alerts are posted to (server/alerts/channels.ts), and their posts as deliveries beside the
-- mail: a webhook's are claimed for a while, posted outside any transaction and then marked, so a crash
-- between the post and the mark posts it again (at least once; each post names its delivery, by which a
-- receiver can tell a repeat).
create table alert_channels (
  id serial primary key,
  organisation_id integer not null references organisations(id) on delete cascade,
  name text not null,
  url text not null,
  -- Signs every post (HMAC-SHA256); shown once, when the channel is made.
  secret text not null,
  min_severity text not null check (min_severity in ('info', 'warning', 'critical')),
  enabled boolean not null default true,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index alert_channels_organisation on alert_channels (organisation_id);

alter table notification_deliveries drop constraint notification_deliveries_channel_check;
alter table notification_deliveries add constraint notification_deliveries_channel_check
  check (channel in ('email', 'webhook'));
alter table notification_deliveries
  add column channel_id integer references alert_channels(id) on delete cascade,
  add column claimed_until timestamptz,
  add constraint notification_deliveries_webhook_channel check ((channel = 'webhook') = (channel_id is not null));
create index notification_deliveries_failing on notification_deliveries (organisation_id, id desc)
  where delivered_at is null and error is not null;
