-- How far the rules on each watched point have been judged. A point's rules are judged together
-- (server/alerts/evaluate-rules.ts), so their progress is one row per point, locked while they are
-- judged, rather than a row per rule rewritten at every reading: with 20 rules on a point, a write cost
-- 20 row locks and 20 updates. A rule's own row is written when its alert changes.
create table rule_points (
  data_point_id integer primary key references data_points(id) on delete cascade,
  -- The readings at or before it have been judged by every enabled rule on the point.
  judged_through timestamptz not null,
  -- The last reading judged: a silent feed is measured from it.
  last_reading_at timestamptz,
  -- One more at every change of the point's rules or of their state: an evaluator that holds the rules in
  -- memory reads them again when it differs from the one it read them at.
  rules_version integer not null default 0
);

insert into rule_points (data_point_id, judged_through, last_reading_at)
  select data_point_id, min(evaluated_through), max(to_timestamp((state->>'lastReadingAt')::float8 / 1000.0))
  from alert_rules
  group by data_point_id;

-- A rule's own start: readings at or before it were history when it was made or changed, not news to it.
alter table alert_rules rename column evaluated_through to judges_after;
