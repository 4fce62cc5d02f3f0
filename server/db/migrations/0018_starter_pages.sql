-- When the organisation was given its dashboards from the built-in templates (server/pages/starter-pages.ts):
-- set in the transaction that creates it, and for organisations older than this column by the server's
-- start. Set once, so pages people delete later are not brought back.
alter table organisations add column starter_pages_added_at timestamptz;
