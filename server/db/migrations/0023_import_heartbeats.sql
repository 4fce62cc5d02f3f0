-- A running import's process says every few seconds that it is still at work (server/imports/run-import.ts).
-- The job that finds imports cut off by a stopped process (interruptedImportsJob) marks only those whose
-- process has stopped saying so: with several server processes on one database, a process starting can no
-- longer tell another's import in progress from its own that a crash cut off by the status alone.
alter table data_imports add column heartbeat_at timestamptz not null default now();
