-- How many readings each data point has, kept beside it instead of summed from readings_daily on
-- every listing (Data Feeds lists every point: two years of 33 points was 24,000 rows a request).
-- Statement triggers on readings_daily keep it: every path that rewrites days (imports, pushes,
-- MQTT, replacing a point, decisions on register steps) moves it by the readings those rows gained
-- or lost, in the same transaction, in one update per statement however many days changed.
alter table data_points add column readings_total bigint not null default 0;
update data_points
  set readings_total = coalesce((select sum(readings) from readings_daily where data_point_id = data_points.id), 0);

create function readings_daily_moves_totals() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update data_points set readings_total = readings_total - gone.readings
      from (select data_point_id, sum(readings) as readings from old_days group by data_point_id) as gone
      where data_points.id = gone.data_point_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update data_points set readings_total = readings_total + came.readings
      from (select data_point_id, sum(readings) as readings from new_days group by data_point_id) as came
      where data_points.id = came.data_point_id;
  end if;
  return null;
end
$$;

-- A trigger with transition tables takes one event; the three share the function.
create trigger readings_daily_inserted after insert on readings_daily
  referencing new table as new_days for each statement execute function readings_daily_moves_totals();
create trigger readings_daily_updated after update on readings_daily
  referencing old table as old_days new table as new_days for each statement execute function readings_daily_moves_totals();
create trigger readings_daily_deleted after delete on readings_daily
  referencing old table as old_days for each statement execute function readings_daily_moves_totals();
