-- MQTT topics and LoRaWAN DevEUIs belong to an organisation, not to whoever registered them first.
-- Each organisation publishes under a namespace of its own (<prefix><namespace>/...): plain readings
-- by the point's topic inside it, uplinks by DevEUI inside it. Uplinks on the network servers' own
-- topics are matched by the device's application id as well as its DevEUI.
-- The namespace is random rather than derived from the id, so topics do not enumerate organisations.
alter table organisations
  add column mqtt_namespace text not null unique
    default ('org-' || substr(md5(gen_random_uuid()::text), 1, 10))
    check (mqtt_namespace ~ '^[a-z0-9-]{3,40}$');

alter table data_points drop constraint data_points_mqtt_topic_key;
alter table data_points add constraint data_points_organisation_mqtt_topic unique (organisation_id, mqtt_topic);

alter table lorawan_devices drop constraint lorawan_devices_dev_eui_key;
alter table lorawan_devices add constraint lorawan_devices_organisation_dev_eui unique (organisation_id, dev_eui);
alter table lorawan_devices
  add column application_id text check (length(application_id) between 1 and 128),
  add column last_problem text,                  -- why the latest uplink with a problem lost readings
  add column last_problem_at timestamptz;
create index lorawan_devices_dev_eui on lorawan_devices (dev_eui);
