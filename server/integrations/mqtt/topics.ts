/** Where The Things Stack v3 publishes uplinks: v3/{app}@{tenant}/devices/{device}/up; '@' keeps app@tenant one level. */
export const TTS_UPLINK_TOPIC = 'v3/+/devices/+/up';
/** ChirpStack v4's default event topic for uplinks. */
export const CHIRPSTACK_UPLINK_TOPIC = 'application/+/device/+/event/up';
export const UPLINK_TOPICS = [TTS_UPLINK_TOPIC, CHIRPSTACK_UPLINK_TOPIC] as const;
export const DEFAULT_TOPIC_PREFIX = 'insights/';
/** The client id of the product's one MQTT session, which the leading process holds (MQTT_CLIENT_ID). */
export const DEFAULT_CLIENT_ID = 'insights';

const UPLINK_PATTERNS = [/^v3\/[^/]+\/devices\/[^/]+\/up$/, /^application\/[^/]+\/device\/[^/]+\/event\/up$/];

/**
 * Where a message goes:
 * - an uplink on a network server's own topics (shared by every organisation on that server),
 *   matched to a device by application id and DevEUI;
 * - an uplink under an organisation's namespace (<prefix><namespace>/v3/… or …/application/…),
 *   matched by DevEUI inside that organisation only;
 * - a plain reading under an organisation's namespace, by the data point's topic inside it.
 */
export type TopicRoute =
  | { kind: 'uplink'; namespace?: string }
  | { kind: 'plain'; namespace: string; pointTopic: string }
  | { kind: 'other'; why: string };

/** A prefix names a folder: "insights" and "insights/" both mean topics under insights/; empty means every topic. */
export function normaliseTopicPrefix(prefix: string): string {
  const trimmed = prefix.trim();
  return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

/** The filters to subscribe to: uplinks of both network servers, and everything under the prefix. */
export function subscriptionTopics(prefix: string): string[] {
  return [...UPLINK_TOPICS, `${prefix}#`];
}

/** Network-server topics are recognised first, so a prefix of "" (every topic) still routes them as uplinks. */
export function routeTopic(topic: string, prefix: string): TopicRoute {
  if (isUplinkTopic(topic)) return { kind: 'uplink' };
  if (!topic.startsWith(prefix))
    return { kind: 'other', why: 'the topic is neither an uplink nor under the topic prefix' };
  const inside = topic.slice(prefix.length);
  const slash = inside.indexOf('/');
  if (slash <= 0 || slash === inside.length - 1) {
    return {
      kind: 'other',
      why: "under the topic prefix, a topic names an organisation's namespace and then a data point's topic",
    };
  }
  const namespace = inside.slice(0, slash);
  const rest = inside.slice(slash + 1);
  if (isUplinkTopic(rest)) return { kind: 'uplink', namespace };
  return { kind: 'plain', namespace, pointTopic: rest };
}

function isUplinkTopic(topic: string): boolean {
  return UPLINK_PATTERNS.some((pattern) => pattern.test(topic));
}

/** Everything an organisation publishes goes under this: its namespace inside the server's prefix. */
export function organisationPrefix(prefix: string, namespace: string): string {
  return `${prefix}${namespace}/`;
}

/** Where a device publishes a data point's readings: the point's topic inside its organisation's namespace. */
export function publishTopic(mqttTopic: string, prefix: string, namespace: string): string {
  return `${organisationPrefix(prefix, namespace)}${mqttTopic}`;
}

/** The uplink topics a network server can publish to for one organisation alone. */
export function organisationUplinkTopics(prefix: string, namespace: string): string[] {
  return UPLINK_TOPICS.map((topic) => `${organisationPrefix(prefix, namespace)}${topic}`);
}
