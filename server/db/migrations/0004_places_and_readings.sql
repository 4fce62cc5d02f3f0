-- The organisation's places, the data points measured on them, and their readings.

-- Sites, buildings, floors, zones, rooms and assets, as one tree per organisation.
create table entities (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  parent_id integer references entities (id) on delete cascade,
  -- The site this entity belongs to (itself for a site): its time zone and its place in lists.
  site_id integer references entities (id) on delete cascade,
  type text not null check (type in ('site', 'building', 'floor', 'zone', 'room', 'asset')),
  name text not null check (length(name) between 1 and 200),
  tags text[] not null default '{}',
  address text,
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  floor_area_m2 double precision check (floor_area_m2 >= 0),
  time_zone text,                                -- sites only; the rest use their site's
  image_key text,                                -- ENTITY_IMAGE/<id>.webp
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index entities_tree on entities (organisation_id, parent_id);
create index entities_site on entities (site_id);

-- Data feeds: one measured quantity on one entity.
create table data_points (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  entity_id integer not null references entities (id) on delete restrict,
  name text not null check (length(name) between 1 and 200),
  intent text not null,                          -- electricity, gas, water, temperature, co2, occupancy, ...
  unit text not null,
  kind text not null check (kind in ('cumulative', 'interval', 'instantaneous')),
  source text not null default 'manual' check (source in ('manual', 'csv', 'rest', 'mqtt', 'lorawan', 'sftp')),
  interval_minutes integer not null default 15 check (interval_minutes between 1 and 1440),
  register_max double precision check (register_max > 0), -- where a cumulative register rolls over
  mqtt_topic text unique,                        -- plain topic/value messages for this point
  time_zone text not null,                       -- its site's, kept in step with it
  last_ts timestamptz,
  last_value double precision,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organisation_id, name)
);
create index data_points_entity on data_points (entity_id);

-- One row per data point and instant. delta is what was used in [ts, next reading):
-- for a cumulative register the next value minus this one, resets and rollovers resolved;
-- for interval consumption the value itself; null for instantaneous values.
-- No foreign key to data_points: bulk imports of millions of rows would pay a check per row,
-- and a data point's readings are deleted with it in one transaction.
create table readings (
  data_point_id integer not null,
  ts timestamptz not null,
  value double precision not null,
  delta double precision,
  quality smallint not null default 0 check (quality in (0, 1)), -- 0 measured, 1 estimated
  primary key (data_point_id, ts)
);

-- Rollups in the data point's local time, rebuilt for the hours and days every write touches.
-- hour is the instant the local hour starts, so a 25-hour day keeps its repeated hour apart.
create table readings_hourly (
  data_point_id integer not null,
  hour timestamptz not null,
  consumption double precision,                  -- sum of delta; null for instantaneous values
  readings integer not null,
  value_sum double precision not null,
  value_min double precision not null,
  value_max double precision not null,
  estimated integer not null default 0,
  primary key (data_point_id, hour)
);
create table readings_daily (
  data_point_id integer not null,
  day date not null,                             -- the local calendar day
  consumption double precision,
  readings integer not null,
  value_sum double precision not null,
  value_min double precision not null,
  value_max double precision not null,
  estimated integer not null default 0,
  primary key (data_point_id, day)
);

-- Column mappings for meter files, kept for the next file of the same shape.
create table import_templates (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  mapping jsonb not null,
  updated_at timestamptz not null default now(),
  unique (organisation_id, name)
);

-- Uploaded meter files, kept so an import can be previewed, run and run again.
create table meter_files (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  uploaded_by uuid references users (id) on delete set null,
  file_name text not null,
  file_key text not null,                        -- METER_FILES/<org>/<id>
  bytes integer not null,
  format text not null check (format in ('csv', 'xlsx')),
  created_at timestamptz not null default now()
);

-- Every import, whatever its path: the history users see.
create table data_imports (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  meter_file_id integer references meter_files (id) on delete set null,
  source text not null check (source in ('csv', 'xlsx', 'sftp')),
  file_name text not null,
  started_by uuid references users (id) on delete set null,
  mapping jsonb not null,
  skip_bad_rows boolean not null default false,
  status text not null default 'running' check (status in ('running', 'done', 'failed', 'interrupted')),
  rows_total integer not null default 0,
  rows_imported integer not null default 0,
  rows_skipped integer not null default 0,
  problems jsonb not null default '[]',          -- the first problems: row, column, reason
  message text,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
create index data_imports_organisation on data_imports (organisation_id, started_at desc);

-- Keys for pushing readings over REST; only a hash is kept.
create table api_keys (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  prefix text not null,                          -- the first characters, to tell keys apart in lists
  key_hash text not null unique,                 -- sha256 of the whole key
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_organisation on api_keys (organisation_id);

-- LoRaWAN end devices: which uplinks are ours, how to decode them, which field feeds which point.
create table lorawan_devices (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  dev_eui text not null unique check (dev_eui ~ '^[0-9A-F]{16}$'),
  name text not null,
  decoder jsonb not null,
  fields jsonb not null default '{}',            -- decoded field name -> data point id
  last_uplink_at timestamptz,
  created_at timestamptz not null default now()
);
