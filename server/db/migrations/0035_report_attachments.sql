-- A report's mail may carry its PDF (issue 41), beside the link; the outbox keeps which files a mail carried.
alter table reports add column attach_pdf boolean not null default false;
alter table outbox add column attachments jsonb;
