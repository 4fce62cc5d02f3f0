-- Members have roles (owner, admin, editor, viewer; see schemas/api/shared/role.schema.json).
-- Until now every member was an admin (spec §6): the creator of each organisation becomes its
-- owner, everyone else stays an admin, so nobody loses a right they had. New members join with
-- the role their invitation names, viewer unless it says otherwise.
alter table users
  add column role text not null default 'viewer' check (role in ('owner', 'admin', 'editor', 'viewer'));
update users set role = 'admin' where organisation_id is not null;
update users set role = 'owner'
  from organisations
  where organisations.id = users.organisation_id and organisations.created_by = users.id;

alter table invitations
  add column role text not null default 'viewer' check (role in ('owner', 'admin', 'editor', 'viewer'));
