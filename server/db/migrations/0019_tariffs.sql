-- Tariffs an organisation keeps (server/tariffs/): what one utility costs, in versions over time. The
-- versions are stored as the contract's TariffVersion[] (checked by checkTariff before they are written):
-- they are read and written whole, and priced in the application, never queried by field.
create table tariffs (
  id integer generated always as identity primary key,
  organisation_id integer not null references organisations (id) on delete cascade,
  name text not null check (length(name) between 1 and 120),
  utility text not null check (utility in ('electricity', 'gas', 'water', 'heat', 'other')),
  unit text not null check (length(unit) between 1 and 20),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  versions jsonb not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, organisation_id),
  unique (id, utility)
);
create index tariffs_organisation on tariffs (organisation_id);

-- Where a tariff applies. At most one tariff of a utility per place: the organisation itself (target_id
-- null), an entity, or a data point. The place is the organisation's own (checked on write; the entity and
-- data point go, and their assignments with them, when deleted).
create table tariff_assignments (
  tariff_id integer not null,
  organisation_id integer not null,
  utility text not null,
  target_kind text not null check (target_kind in ('organisation', 'entity', 'dataPoint')),
  entity_id integer references entities (id) on delete cascade,
  data_point_id integer references data_points (id) on delete cascade,
  check ((target_kind = 'organisation') = (entity_id is null and data_point_id is null)),
  check (target_kind <> 'entity' or (entity_id is not null and data_point_id is null)),
  check (target_kind <> 'dataPoint' or (data_point_id is not null and entity_id is null)),
  foreign key (tariff_id, organisation_id) references tariffs (id, organisation_id) on delete cascade,
  foreign key (tariff_id, utility) references tariffs (id, utility) on delete cascade on update cascade
);
create unique index tariff_assignments_place on tariff_assignments (
  organisation_id, utility, target_kind, coalesce(entity_id, 0), coalesce(data_point_id, 0)
);
create index tariff_assignments_tariff on tariff_assignments (tariff_id);
