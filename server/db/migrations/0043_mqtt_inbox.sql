-- Plain MQTT readings as the subscriber took them, each committed before the broker is told it arrived, and
-- stored by the readings writer in batches from here (server/integrations/mqtt/inbox.ts): the broker hands a
-- session its messages one at a time, and a write of its own for each held the whole feed to the pace of one
-- transaction. A row leaves in the transaction that stores its reading: each row is stored once, and kept until
-- it is.
-- Not an organisation's yet (its topic is read when it is stored): the ingest coordinator's own, like the
-- outbox (docs/scale.md).
create table mqtt_inbox (
  id bigint generated always as identity primary key,
  topic text not null,
  payload bytea not null,
  received_at timestamptz not null
);
