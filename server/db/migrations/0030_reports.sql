-- Reports (issue 41): a layout document with a scope and a period, run on demand or on a schedule. Its
-- schedule and period are src/reports' shapes; next_run_at is the schedule's next run, kept here so the
-- scheduler (server/reports/queue-due-reports.ts) finds what is due by an index, not by reading every
-- schedule each minute. A report without a schedule has no next run.
create table reports (
  id serial primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  title text not null,
  document jsonb not null,
  scope jsonb not null,
  period jsonb not null,
  -- The zone its periods and schedule are read in: a site report's site's, or the one chosen.
  time_zone text not null,
  schedule jsonb,
  -- Null with a schedule when the schedule could not be worked out (schedule_error says why): it stops.
  next_run_at timestamptz,
  schedule_error text,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (schedule is not null or next_run_at is null)
);
create index reports_organisation on reports (organisation_id);
create index reports_due on reports (next_run_at) where next_run_at is not null;

-- Each time a report is made: queued by its schedule or a person, then rendered. The period is pinned
-- when the run is queued, from the instant it was due, so a run made late still covers its own month.
create table report_runs (
  id serial primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  report_id integer not null references reports (id) on delete cascade,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  -- When the schedule named it; null for a run a person asked for.
  scheduled_for timestamptz,
  requested_by uuid references users (id) on delete set null,
  period_from timestamptz not null,
  period_to timestamptz not null,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  error text,
  check (period_from < period_to),
  unique (report_id, scheduled_for)
);
create index report_runs_report on report_runs (report_id, created_at desc);
