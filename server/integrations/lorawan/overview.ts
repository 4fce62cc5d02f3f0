import type { LorawanResponse } from '../../../src/generated/api-types';
import type { Database } from '../../db/database';
import { brokerStatus } from '../mqtt/broker-status';
import { organisationPrefix, organisationUplinkTopics, publishTopic, UPLINK_TOPICS } from '../mqtt/topics';
import { DEVICE_COLUMNS, deviceJson } from './device-json';

/** The organisation's LoRaWAN devices, and what to set up on the MQTT side. */
export async function lorawanOverview(db: Database, organisationId: number): Promise<LorawanResponse> {
  const devices = await db
    .selectFrom('lorawan_devices')
    .select(DEVICE_COLUMNS)
    .where('organisation_id', '=', organisationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const points = await db
    .selectFrom('data_points')
    .select(['id', 'name', 'mqtt_topic'])
    .where('organisation_id', '=', organisationId)
    .where('mqtt_topic', 'is not', null)
    .orderBy('name')
    .execute();
  const { mqtt_namespace: namespace } = await db
    .selectFrom('organisations')
    .select('mqtt_namespace')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  const { configured, connected, topicPrefix } = brokerStatus();
  return {
    devices: devices.map(deviceJson),
    broker: {
      configured,
      connected,
      uplinkTopics: [...UPLINK_TOPICS],
      topicPrefix: organisationPrefix(topicPrefix, namespace),
      organisationUplinkTopics: organisationUplinkTopics(topicPrefix, namespace),
      dataPointTopics: points.map((point) => ({
        dataPointId: point.id,
        name: point.name,
        topic: publishTopic(point.mqtt_topic as string, topicPrefix, namespace),
      })),
    },
  };
}
