-- Reports are changed as well as made (issue 41: reportUpdate, the layout editor on a report): each save
-- counts a revision, and a save that started from an older one is refused rather than lost.
alter table reports
  add column revision integer not null default 1 check (revision >= 1),
  add column updated_by uuid references users (id) on delete set null;
