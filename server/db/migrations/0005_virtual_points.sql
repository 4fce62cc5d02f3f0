-- Virtual data points: a formula over other data points, computed per bucket when shown.
-- They live beside stored points so they can be picked, charted and summarised wherever a
-- data point can; they hold no readings, and every ingest path refuses them.
alter table data_points drop constraint data_points_source_check;
alter table data_points add constraint data_points_source_check
  check (source in ('manual', 'csv', 'rest', 'mqtt', 'lorawan', 'sftp', 'virtual'));
-- The formula with inputs as #id, so renaming an input keeps it working; shown with names.
alter table data_points add column formula text;
alter table data_points add constraint data_points_virtual_formula
  check ((source = 'virtual') = (formula is not null));

-- Which points a virtual point reads directly: for cycle checks and for refusing to delete an input.
create table virtual_inputs (
  data_point_id integer not null references data_points (id) on delete cascade,
  input_id integer not null references data_points (id) on delete restrict,
  primary key (data_point_id, input_id)
);
create index virtual_inputs_input on virtual_inputs (input_id);
