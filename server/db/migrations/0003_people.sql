-- Invitations, profiles and each user's interface settings.

create table invitations (
  token text primary key,                      -- random, sent in the invitation link
  organisation_id integer not null references organisations (id) on delete cascade,
  email text not null,
  invited_by uuid not null references users (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by uuid references users (id)
);
create index invitations_organisation on invitations (organisation_id) where accepted_at is null;

create table profiles (
  user_id uuid primary key references users (id) on delete cascade,
  display_name text,
  phone_number text,                            -- E.164, or null
  time_zone text,
  image_key text,                               -- PROFILE/<id>.webp
  updated_at timestamptz not null default now()
);

-- The spec's per-user interface config: the settings as JSON, per user and organisation.
create table ui_configs (
  user_id uuid not null references users (id) on delete cascade,
  organisation_id integer not null references organisations (id) on delete cascade,
  config jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, organisation_id)
);
