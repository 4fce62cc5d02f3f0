-- Floor plans (issue 42): a picture of a place (a floor, mostly) with the data points and assets placed on it as
-- markers and its rooms drawn as zones. The picture is stored as WebP in the object storage (image_key); markers
-- and zones are positions as fractions of its width and height, so a picture replaced by a sharper one keeps
-- them. One plan per place. revision counts saves, so that two people placing markers at once cannot overwrite
-- each other's work unseen (409, as pages and reports do).
create table floor_plans (
  id serial primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  entity_id integer not null unique references entities (id) on delete cascade,
  name text not null,
  image_key text not null,
  image_width integer not null check (image_width > 0),
  image_height integer not null check (image_height > 0),
  markers jsonb not null default '[]',
  zones jsonb not null default '[]',
  colour_scale jsonb,
  revision integer not null default 1,
  updated_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index floor_plans_organisation on floor_plans (organisation_id);
