-- A new organisation's starter dashboards (server/pages/starter-pages.ts) arrive as revision 1 that
-- nobody saved: the history says they are the product's presets, not the work of the member who
-- created the organisation.
alter table page_revisions add column preset boolean not null default false;

-- Those already given with a new organisation: revision 1 of a page made from a template in the
-- transaction that created the organisation (both rows take that transaction's now()).
update page_revisions
set preset = true, author_id = null
from pages, organisations
where page_revisions.page_id = pages.id
  and organisations.id = pages.organisation_id
  and page_revisions.revision = 1
  and pages.template is not null
  and pages.created_at = organisations.created_at;
