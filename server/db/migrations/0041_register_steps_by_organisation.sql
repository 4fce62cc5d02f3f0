-- A register's suspicious steps join the readings they were found in, keyed by organisation first
-- (migration 0040, docs/scale.md): each step takes its data point's organisation, and refers to the point with
-- it. A point's steps are found by (organisation_id, data_point_id, from_ts), as its readings are.
alter table data_points add constraint data_points_organisation_key unique (organisation_id, id);

alter table register_steps add column organisation_id integer;
update register_steps s set organisation_id = p.organisation_id from data_points p where p.id = s.data_point_id;
alter table register_steps alter column organisation_id set not null;

alter table register_steps drop constraint register_steps_data_point_id_fkey;
alter table register_steps add constraint register_steps_data_point_id_fkey
  foreign key (organisation_id, data_point_id) references data_points (organisation_id, id) on delete cascade;
alter table register_steps add constraint register_steps_organisation_id_fkey
  foreign key (organisation_id) references organisations (id) on delete cascade;

alter table register_steps drop constraint register_steps_pkey;
alter table register_steps add primary key (organisation_id, id);
alter table register_steps drop constraint register_steps_data_point_id_from_ts_key;
alter table register_steps add constraint register_steps_point_from_key unique (organisation_id, data_point_id, from_ts);
drop index register_steps_open;
create index register_steps_open on register_steps (organisation_id, data_point_id) where status = 'open';
