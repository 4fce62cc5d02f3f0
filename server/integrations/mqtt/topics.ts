/** Where The Things Stack v3 publishes uplinks: v3/{app}@{tenant}/devices/{device}/up; '@' keeps app@tenant one level. */
export const TTS_UPLINK_TOPIC = 'v3/+/devices/+/up';
/** ChirpStack v4's default event topic for uplinks. */
export const CHIRPSTACK_UPLINK_TOPIC = 'application/+/device/+/event/up';
export const UPLINK_TOPICS = [TTS_UPLINK_TOPIC, CHIRPSTACK_UPLINK_TOPIC] as const;
export const DEFAULT_TOPIC_PREFIX = 'insights/';

const UPLINK_PATTERNS = [/^v3\/[^/]+\/devices\/[^/]+\/up$/, /^application\/[^/]+\/device\/[^/]+\/event\/up$/];

/** A prefix names a folder: "insights" and "insights/" both mean topics under insights/; empty means every topic. */
export function normaliseTopicPrefix(prefix: string): string {
  const trimmed = prefix.trim();
  return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

/** The filters to subscribe to: uplinks of both network servers, and everything under the plain prefix. */
export function subscriptionTopics(prefix: string): string[] {
  return [...UPLINK_TOPICS, `${prefix}#`];
}

/** Uplinks are recognised by topic first, so a prefix of "" (every topic) still routes them as uplinks. */
export function topicKind(topic: string, prefix: string): 'uplink' | 'plain' | 'other' {
  if (UPLINK_PATTERNS.some((pattern) => pattern.test(topic))) return 'uplink';
  return topic.startsWith(prefix) ? 'plain' : 'other';
}

/**
 * Where a device publishes a data point's readings: its mqtt_topic as it is
 * when already under the prefix, else under the prefix (the subscriber
 * looks a received topic up both ways, see TopicPoints).
 */
export function publishTopic(mqttTopic: string, prefix: string): string {
  return mqttTopic.startsWith(prefix) ? mqttTopic : `${prefix}${mqttTopic}`;
}
