-- An organisation's own figures to benchmark its sites by, besides floor area and degree days
-- (server/benchmarking/normalisers.ts): occupants, beds, units produced. A site has a value of one per
-- local calendar year, since headcounts and output change from year to year.
create table benchmark_normalisers (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  name text not null check (length(name) between 1 and 60),
  unit text not null check (length(unit) between 1 and 20),
  created_at timestamptz not null default now(),
  unique (id, organisation_id)
);
create unique index benchmark_normalisers_name on benchmark_normalisers (organisation_id, lower(name));

-- The values, each of a site of the same organisation (checked on write; a site deleted takes its values).
create table benchmark_normaliser_values (
  normaliser_id integer not null references benchmark_normalisers (id) on delete cascade,
  site_id integer not null references entities (id) on delete cascade,
  year integer not null check (year between 2000 and 2100),
  value double precision not null check (value > 0),
  primary key (normaliser_id, site_id, year)
);
