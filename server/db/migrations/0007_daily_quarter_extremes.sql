-- Per local day, the quarter-hours of a data point's own measure (consumption summed for
-- meters, values averaged for states): how many have a value, the sum of their values, and
-- the first lowest and first highest with the instants they start. Years of 15-minute data
-- are drawn from these as the lowest and highest quarter-hour per pixel column of whole days,
-- reading one row a day instead of 96 readings.
-- Null on days written before these columns existed: such periods are read from the readings.
alter table readings_daily
  add column quarters integer,
  add column quarter_sum double precision,
  add column quarter_min double precision,
  add column quarter_min_at timestamptz,
  add column quarter_max double precision,
  add column quarter_max_at timestamptz;
