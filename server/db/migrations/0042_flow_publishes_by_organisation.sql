-- A flow's publish actions, queued for the broker, grow with what the rules do: keyed by organisation first
-- like the alerts (migration 0040, docs/scale.md), and referring to their rule with the organisation. A rule
-- deleted leaves its queued messages to be sent, without it: only rule_id is cleared (PostgreSQL 15's
-- column list), as the organisation stays theirs.
alter table flow_publishes drop constraint flow_publishes_rule_id_fkey;
alter table flow_publishes drop constraint flow_publishes_pkey;
alter table flow_publishes add primary key (organisation_id, id);
alter table flow_publishes add constraint flow_publishes_rule_id_fkey
  foreign key (organisation_id, rule_id) references alert_rules (organisation_id, id) on delete set null (rule_id);
