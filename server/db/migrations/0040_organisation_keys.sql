-- The tables that grow with the data are keyed by organisation first: readings and their rollups, and
-- alerts with what hangs off them (their history, notifications and deliveries). Each such table's primary
-- key starts with organisation_id, and each of their foreign keys to a table of organisations' own data
-- names organisation_id on both sides, so no row refers across organisations. That is what a store
-- distributed by organisation (Citus, docs/scale.md) needs: every row of an organisation, and every join
-- among them, on one node. On one PostgreSQL the key costs no space (organisation_id fills the padding
-- data_point_id leaves before ts) and each reading query names its organisation, as every request's does.
-- server/db/organisation-keys.test.ts holds the schema to this.

-- Readings, hourly and daily rollups: each row takes its data point's organisation. Rows of a point that is
-- gone (none should be: a point's deletion deletes them under its write lock) have nowhere to go.
alter table readings add column organisation_id integer;
update readings r set organisation_id = p.organisation_id from data_points p where p.id = r.data_point_id;
delete from readings where organisation_id is null;
alter table readings alter column organisation_id set not null;
alter table readings drop constraint readings_pkey;
alter table readings add primary key (organisation_id, data_point_id, ts);

alter table readings_hours add column organisation_id integer;
update readings_hours r set organisation_id = p.organisation_id from data_points p where p.id = r.data_point_id;
delete from readings_hours where organisation_id is null;
alter table readings_hours alter column organisation_id set not null;
alter table readings_hours drop constraint readings_hours_pkey;
alter table readings_hours add primary key (organisation_id, data_point_id, day);

alter table readings_daily add column organisation_id integer;
update readings_daily r set organisation_id = p.organisation_id from data_points p where p.id = r.data_point_id;
delete from readings_daily where organisation_id is null;
alter table readings_daily alter column organisation_id set not null;
alter table readings_daily drop constraint readings_daily_pkey;
alter table readings_daily add primary key (organisation_id, data_point_id, day);

-- The rules and channels alerts refer to are referred to with their organisation.
alter table alert_rules add constraint alert_rules_organisation_key unique (organisation_id, id);
alter table alert_channels add constraint alert_channels_organisation_key unique (organisation_id, id);

-- Alerts and their children. The foreign keys to alerts go first, as they hang on its key.
alter table alert_events drop constraint alert_events_alert_id_fkey;
alter table notifications drop constraint notifications_alert_id_fkey;
alter table notification_deliveries drop constraint notification_deliveries_alert_id_fkey;
alter table notification_deliveries drop constraint notification_deliveries_channel_id_fkey;

alter table alerts drop constraint alerts_rule_id_fkey;
alter table alerts drop constraint alerts_pkey;
alter table alerts add primary key (organisation_id, id);
alter table alerts add constraint alerts_rule_id_fkey
  foreign key (organisation_id, rule_id) references alert_rules (organisation_id, id) on delete cascade;

alter table alert_events add column organisation_id integer;
update alert_events e set organisation_id = a.organisation_id from alerts a where a.id = e.alert_id;
alter table alert_events alter column organisation_id set not null;
alter table alert_events drop constraint alert_events_pkey;
alter table alert_events add primary key (organisation_id, id);
alter table alert_events add constraint alert_events_alert_id_fkey
  foreign key (organisation_id, alert_id) references alerts (organisation_id, id) on delete cascade;
alter table alert_events add constraint alert_events_organisation_id_fkey
  foreign key (organisation_id) references organisations (id) on delete cascade;

alter table notifications drop constraint notifications_pkey;
alter table notifications add primary key (organisation_id, id);
alter table notifications add constraint notifications_alert_id_fkey
  foreign key (organisation_id, alert_id) references alerts (organisation_id, id) on delete cascade;

alter table notification_deliveries drop constraint notification_deliveries_pkey;
alter table notification_deliveries add primary key (organisation_id, id);
alter table notification_deliveries add constraint notification_deliveries_alert_id_fkey
  foreign key (organisation_id, alert_id) references alerts (organisation_id, id) on delete cascade;
alter table notification_deliveries add constraint notification_deliveries_channel_id_fkey
  foreign key (organisation_id, channel_id) references alert_channels (organisation_id, id) on delete cascade;
