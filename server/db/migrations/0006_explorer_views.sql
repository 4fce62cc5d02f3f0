-- What people keep from the Data Explorer: saved views, labels on spans of data,
-- events on the organisation's timeline, and each user's own bookmarks.

-- Saved Data Explorer views, shared with the whole organisation.
-- view is the explorer-view shape (schemas/api/shared/explorer-view.schema.json); its data point ids
-- are checked on every save, and points deleted since are left out when the view is listed.
create table data_explorers (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  view jsonb not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Unique regardless of case, so "Chillers" and "chillers" never sit side by side in the list.
create unique index data_explorers_name on data_explorers (organisation_id, lower(name));

-- A text and colour on a span of one data point's data ("Chiller fault", #e53e3e).
create table explorer_labels (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  data_point_id integer not null references data_points (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  text text not null check (length(text) between 1 and 200),
  color text not null check (color ~ '^#[0-9a-f]{6}$'),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (starts_at < ends_at)
);
create index explorer_labels_point on explorer_labels (organisation_id, data_point_id, starts_at);

-- A point-in-time event for one site or entity, or (entity_id null) for the whole organisation.
create table explorer_events (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  entity_id integer references entities (id) on delete cascade,
  at timestamptz not null,
  title text not null check (length(title) between 1 and 200),
  description text check (length(description) <= 2000),
  category text not null check (category in ('maintenance', 'retrofit', 'outage', 'occupancy', 'other')),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index explorer_events_timeline on explorer_events (organisation_id, at);

-- One user's own quick links to explorer views; nobody else sees them.
-- Kept per organisation too, so a user who moves to another organisation leaves them behind.
create table bookmarks (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  explorer_id integer references data_explorers (id) on delete cascade, -- the saved view it came from
  title text not null check (length(title) between 1 and 200),
  view jsonb not null,
  created_at timestamptz not null default now()
);
create index bookmarks_owner on bookmarks (user_id, organisation_id);
