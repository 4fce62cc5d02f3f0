-- The demo organisation is marked, so every screen can say its sites and readings are generated.
-- Made by the first start's seed (server/demo/seed.ts) for the demo account; an install that has it
-- already gets the mark here.
alter table organisations add column demo boolean not null default false;
update organisations set demo = true
  where id in (select organisation_id from users where email = 'demo@insights.local');
