-- Readings partitioned by the year of their instant (UTC): each year's rows and indexes are a table of
-- their own (readings_2025, …), so an old year can be detached and archived whole
-- (`alter table readings detach partition readings_2019`, then pg_dump it) and a year's index stays the
-- size of a year. Queries name `readings` as before; PostgreSQL reads only the years a time range touches.
-- The last ten years, this one and the next have partitions from the start, so meter data people import
-- lands in its year's. Readings of another year land in readings_other; the readings-partitions job
-- (server/readings/partitions.ts) makes next year's partition ahead of time, and gives a year found in
-- readings_other a partition of its own.
alter table readings rename to readings_before_partitioning;
alter table readings_before_partitioning rename constraint readings_pkey to readings_before_partitioning_pkey;

create table readings (
  data_point_id integer not null,
  ts timestamptz not null,
  value double precision not null,
  delta double precision,
  quality smallint not null default 0 check (quality in (0, 1)), -- 0 measured, 1 estimated
  primary key (data_point_id, ts)
) partition by range (ts);

create table readings_other partition of readings default;

do $$
declare
  this_year integer := extract(year from now() at time zone 'UTC')::integer;
  first_year integer;
  last_year integer;
begin
  select coalesce(least(extract(year from min(ts) at time zone 'UTC')::integer, this_year - 10), this_year - 10),
         greatest(coalesce(extract(year from max(ts) at time zone 'UTC')::integer, this_year), this_year + 1)
    into first_year, last_year
    from readings_before_partitioning;
  -- Instants far from today (a meter's clock at 1970, a typo of 2205) stay in readings_other.
  first_year := greatest(first_year, this_year - 50);
  last_year := least(last_year, this_year + 5);
  for year in first_year..last_year loop
    execute format(
      'create table %I partition of readings for values from (%L) to (%L)',
      'readings_' || year,
      make_timestamptz(year, 1, 1, 0, 0, 0, 'UTC'),
      make_timestamptz(year + 1, 1, 1, 0, 0, 0, 'UTC')
    );
  end loop;
end $$;

insert into readings (data_point_id, ts, value, delta, quality)
  select data_point_id, ts, value, delta, quality from readings_before_partitioning;
drop table readings_before_partitioning;
