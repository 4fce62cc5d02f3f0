-- Pages an organisation keeps (server/pages/): a layout document per revision, each save a new revision.
-- The documents in layouts/ stay the built-in templates; `template` names the one a page started from
-- (its path under layouts/ without .json, "dashboard/alpha"), so it can be reset to it; null for a blank
-- or imported page. `title` is the current revision's document title, kept here so lists need no document.
create table pages (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  title text not null check (length(title) between 1 and 200),
  template text check (length(template) between 1 and 200),
  -- A page under a dashboard (subDashboard). With organisation_id in the key, a page can only sit
  -- under a page of its own organisation, and goes when that page goes.
  parent_id integer,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- When the current revision was saved.
  updated_at timestamptz not null default now(),
  unique (id, organisation_id),
  foreign key (parent_id, organisation_id) references pages (id, organisation_id) on delete cascade
);
create index pages_organisation on pages (organisation_id);
create index pages_parent on pages (parent_id) where parent_id is not null;

-- Every save of a page: 1, 2, 3... per page; the highest is the current one. A document is stored as
-- the save sent it (validated, at the schemaVersion of its day): older ones are migrated when read.
-- json, not jsonb: jsonb reorders an object's keys (shortest first), and people edit these documents as
-- text, where a save that moved "rows" above "title" would show as a change nobody made.
create table page_revisions (
  page_id integer not null references pages (id) on delete cascade,
  revision integer not null check (revision >= 1),
  document json not null,
  message text check (length(message) <= 500),
  author_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (page_id, revision)
);
