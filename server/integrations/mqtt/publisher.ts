import { randomBytes } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { DEFAULT_TOPIC_PREFIX, normaliseTopicPrefix, organisationPrefix } from './topics';

/** Sends messages to the broker under an organisation's namespace: what flows' publish actions go out by. */
export interface MqttPublisher {
  /** Publishes `payload` to <prefix><namespace>/<topic>, once the broker has it (QoS 1). */
  publish(namespace: string, topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A publisher on the broker readings come from: connected on first use,
 * and again after the connection drops; a failed publish is the caller's
 * to try again. Credentials in the URL are never logged.
 */
export function mqttPublisher(url: string, topicPrefix: string | undefined): MqttPublisher {
  const prefix = normaliseTopicPrefix(topicPrefix ?? DEFAULT_TOPIC_PREFIX);
  let client: Promise<MqttClient> | undefined;
  const connected = () => {
    client ??= connectAsync(url, {
      clientId: `insights-out-${randomBytes(6).toString('hex')}`,
      reconnectPeriod: 0,
      connectTimeout: CONNECT_TIMEOUT_MS,
    }).catch((error: Error) => {
      client = undefined;
      throw new Error(`the MQTT broker could not be reached: ${error.message}`);
    });
    return client;
  };
  const publish = async (namespace: string, topic: string, payload: string): Promise<void> => {
    let open = await connected();
    if (!open.connected) {
      // Dropped since: connect afresh once; a second failure is the caller's to retry.
      client = undefined;
      await open.endAsync(true).catch(() => undefined);
      open = await connected();
    }
    await open.publishAsync(`${organisationPrefix(prefix, namespace)}${topic}`, payload, { qos: 1 });
  };
  return {
    publish,
    async close() {
      const open = await client?.catch(() => undefined);
      client = undefined;
      await open?.endAsync();
    },
  };
}
