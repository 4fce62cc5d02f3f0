-- Organisations, their subscription, and the people in them.

create table organisations (
  id serial primary key,
  name text not null,
  image_key text,                              -- ORG_IMAGE/<id>.webp in object storage
  created_by uuid not null references users (id),
  created_at timestamptz not null default now()
);

alter table users
  add constraint users_organisation foreign key (organisation_id) references organisations (id) on delete set null;

-- One subscription per organisation; "active" is what the product requires (spec §9).
create table subscriptions (
  organisation_id integer primary key references organisations (id) on delete cascade,
  plan text check (plan in ('PRO', 'ADVANCE')),
  status text not null default 'incomplete'
    check (status in ('incomplete', 'trialing', 'active', 'past_due', 'canceled', 'unpaid')),
  provider text not null default 'local',
  provider_reference text,
  updated_at timestamptz not null default now()
);
