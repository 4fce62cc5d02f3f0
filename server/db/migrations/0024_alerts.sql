-- Alert rules on data points, their alerts and each alert's history, and what tells people: in-app
-- notifications per member and deliveries (e-mail) that the job runner sends from this table, so a
-- restart loses none and sends none twice (server/alerts/).
create table alert_rules (
  id serial primary key,
  organisation_id integer not null references organisations(id) on delete cascade,
  data_point_id integer not null references data_points(id) on delete cascade,
  name text not null,
  -- schemas/api/shared/alert-condition.schema.json
  condition jsonb not null,
  severity text not null check (severity in ('info', 'warning', 'critical')),
  cooldown_minutes integer not null default 0,
  -- schemas/api/shared/active-hours.schema.json, null for always
  active_hours jsonb,
  enabled boolean not null default true,
  -- The evaluator's state between readings (server/alerts/evaluate.ts), and the last reading it has judged:
  -- readings at or before it are history, not news.
  state jsonb not null default '{}',
  evaluated_through timestamptz not null default now(),
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index alert_rules_point on alert_rules (data_point_id) where enabled;
create index alert_rules_organisation on alert_rules (organisation_id);

create table alerts (
  id serial primary key,
  organisation_id integer not null references organisations(id) on delete cascade,
  rule_id integer not null references alert_rules(id) on delete cascade,
  state text not null check (state in ('pending', 'firing', 'resolved')),
  value double precision,
  started_at timestamptz not null,
  fired_at timestamptz,
  resolved_at timestamptz,
  acknowledged_at timestamptz,
  acknowledged_by uuid references users(id) on delete set null,
  snoozed_until timestamptz
);
create index alerts_open on alerts (organisation_id) where state <> 'resolved';
create index alerts_rule on alerts (rule_id, started_at desc);

create table alert_events (
  id serial primary key,
  alert_id integer not null references alerts(id) on delete cascade,
  at timestamptz not null,
  kind text not null check (kind in ('pending', 'firing', 'resolved', 'acknowledged', 'snoozed', 'comment')),
  user_id uuid references users(id) on delete set null,
  text text,
  value double precision
);
create index alert_events_alert on alert_events (alert_id, id);

create table notifications (
  id serial primary key,
  organisation_id integer not null references organisations(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  alert_id integer not null references alerts(id) on delete cascade,
  state text not null check (state in ('firing', 'resolved')),
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index notifications_user on notifications (user_id, id desc);

-- One row per message to send; delivered_at is set in the transaction that hands the message on.
create table notification_deliveries (
  id serial primary key,
  organisation_id integer not null references organisations(id) on delete cascade,
  alert_id integer not null references alerts(id) on delete cascade,
  channel text not null check (channel in ('email')),
  recipient text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  delivered_at timestamptz,
  error text
);
create index notification_deliveries_due on notification_deliveries (next_attempt_at) where delivered_at is null;
