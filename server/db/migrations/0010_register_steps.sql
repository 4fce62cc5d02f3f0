-- Steps of a cumulative register that look wrong on their face (server/readings/suspicious-steps.ts):
-- a rise far faster than the point's usual rate, or a drop that is neither a reset to near zero
-- nor a rollover. The readings are kept as sent; a row here says how the step is booked.
-- A step is the pair of readings at from_ts and to_ts, adjacent when the row was written; a write
-- that puts a reading between them or changes either value removes the row (and its choice).
-- status: 'open' until someone decides, booked as the register's arithmetic says (as before this
-- table existed) and shown as a warning; 'accepted' books it so; 'spread' books `used` evenly over
-- the time from from_ts to to_ts, quarter-hour by quarter-hour; 'excluded' books nothing for it.
-- The reading at from_ts carries the booked delta of its own quarter-hour (readings.delta), and the
-- rollups carry the rest of a spread step, so every store agrees with the choice.
create table register_steps (
  id integer generated always as identity primary key,
  data_point_id integer not null references data_points (id) on delete cascade,
  from_ts timestamptz not null,
  to_ts timestamptz not null check (to_ts > from_ts),
  from_value double precision not null,
  to_value double precision not null,
  movement text not null check (movement in ('normal', 'reset', 'rollover', 'drop')),
  kind text not null check (kind in ('spike', 'drop')),
  used double precision not null,                -- what the register's arithmetic books for the step
  rate double precision not null,                -- used per hour
  typical_rate double precision,                 -- the usual rate per hour before it; null: too little history
  status text not null default 'open' check (status in ('open', 'accepted', 'spread', 'excluded')),
  decided_by uuid references users (id) on delete set null,
  decided_at timestamptz,
  found_at timestamptz not null default now(),
  unique (data_point_id, from_ts)
);
-- The warnings still to decide, listed across an organisation's points.
create index register_steps_open on register_steps (data_point_id) where status = 'open';

-- A spread step books use in hours and days the register sent no reading in: their rollups have
-- consumption but no values, so no lowest or highest value.
alter table readings_daily
  alter column value_min drop not null,
  alter column value_max drop not null;

-- What an import found: how many suspicious steps its readings made, and the first of them
-- (server/imports/run-import.ts), shown in its summary.
alter table data_imports
  add column suspicious_steps integer not null default 0,
  add column first_suspicious_step jsonb;
