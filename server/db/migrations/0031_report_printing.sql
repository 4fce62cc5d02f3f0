-- Reports printed (issue 41): the paper a report is printed on, and what a run's printing needs and leaves.
alter table reports
  add column paper_size text not null default 'A4' check (paper_size in ('A4', 'Letter')),
  add column landscape boolean not null default false;

alter table report_runs
  -- The language it is printed in (a recipient's): one run per language.
  add column locale text not null default 'en-US',
  -- How far its printing has got, percent, for the screen's progress bar.
  add column progress integer not null default 0 check (progress between 0 and 100),
  -- Printings tried: a failure is tried again until the renderer's limit, then the run fails.
  add column attempts integer not null default 0,
  add column started_at timestamptz,
  add column pdf_key text,
  add column pages integer,
  -- The print credential the renderer's Chromium reads the report's data with (print-credential.ts): a hash,
  -- only while the run is being printed.
  add column print_token_hash text,
  add column print_expires_at timestamptz;
create unique index report_runs_print_token on report_runs (print_token_hash) where print_token_hash is not null;
create index report_runs_queued on report_runs (created_at) where status = 'queued';

-- Links to a run's PDF that getPdf hands out: a random token (kept as a hash) that expires.
create table report_links (
  token_hash text primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  run_id integer not null references report_runs (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index report_links_expiry on report_links (expires_at);
