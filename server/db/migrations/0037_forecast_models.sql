-- Forecast models kept (issue 43): a data point's baseline model, refitted on a schedule by the job runner on
-- the weeks before each refit, with the week after forecast hour by hour. What the last fit chose and why, its
-- backtest and its forecast are kept, so screens, the explorer and rules read them without fitting again; a fit
-- that failed keeps the last good one and says why (last_error). One model per data point.
create table forecast_models (
  id serial primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  data_point_id integer not null unique references data_points (id) on delete cascade,
  temperature_data_point_id integer references data_points (id) on delete set null,
  training_weeks integer not null check (training_weeks between 3 and 156),
  model text,
  reason text,
  candidates jsonb,
  trained_from timestamptz,
  trained_to timestamptz,
  forecast jsonb,
  fitted_at timestamptz,
  last_error text,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index forecast_models_organisation on forecast_models (organisation_id);
