-- Flows from the logic builder (server/alerts/evaluate-flows.ts). A flow reads several points, so which
-- writes concern it is kept beside it: the stored points it reads, a virtual point's by its formula's.
alter table alert_rules add column input_point_ids int4[] not null default '{}';
update alert_rules set input_point_ids = array[data_point_id];
create index alert_rules_input_points on alert_rules using gin (input_point_ids);

-- What a flow's publish action is to send to the MQTT broker: written with the flow's judgement, in its
-- transaction, and sent by the deliveries job (server/alerts/flow-publishes.ts), so a restart loses no
-- message; one cut off between its publish and its mark goes again: at least once, as QoS 1 is.
create table flow_publishes (
  id serial primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  rule_id integer references alert_rules (id) on delete set null,
  topic text not null,
  payload text not null,
  created_at timestamptz not null default now(),
  attempts int4 not null default 0,
  next_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);
create index flow_publishes_due on flow_publishes (next_at) where sent_at is null;
