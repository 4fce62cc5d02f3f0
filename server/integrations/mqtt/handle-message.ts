import type { Database } from '../../db/database';
import { normaliseUplink } from '../lorawan/normalise-uplink';
import { storeUplink } from '../lorawan/store-uplink';
import { parsePlainPayload } from './plain-payload';
import { storeValues } from './store-values';
import type { TopicPoints } from './topic-points';
import { routeTopic } from './topics';

/** What became of one message. */
export type MessageOutcome = { stored: number; problems: string[] } | { ignored: string };

/** Uplinks are a few kB; anything far larger is not one of ours and is not parsed. */
const MAX_PAYLOAD_BYTES = 64 * 1024;

export interface MessageContext {
  db: Database;
  prefix: string;
  topicPoints: TopicPoints;
}

/** Routes one message by its topic to the LoRaWAN or the plain path and stores what it carries. */
export async function handleMessage(
  context: MessageContext,
  topic: string,
  payload: Buffer,
  receivedAt: number,
): Promise<MessageOutcome> {
  if (payload.length > MAX_PAYLOAD_BYTES)
    return { ignored: `the payload is over ${MAX_PAYLOAD_BYTES} bytes` };
  const route = routeTopic(topic, context.prefix);
  switch (route.kind) {
    case 'uplink':
      return handleUplink(context.db, payload, route.namespace);
    case 'plain':
      return handlePlain(context, route.namespace, route.pointTopic, payload, receivedAt);
    case 'other':
      return { ignored: route.why };
  }
}

async function handleUplink(db: Database, payload: Buffer, namespace?: string): Promise<MessageOutcome> {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { ignored: 'the uplink is not JSON' };
  }
  const normalised = normaliseUplink(json);
  if ('problem' in normalised) return { ignored: normalised.problem };
  return storeUplink(db, normalised.uplink, namespace);
}

async function handlePlain(
  context: MessageContext,
  namespace: string,
  pointTopic: string,
  payload: Buffer,
  receivedAt: number,
): Promise<MessageOutcome> {
  const point = await context.topicPoints.pointFor(namespace, pointTopic);
  if (!point)
    return { ignored: `no data point has the MQTT topic "${pointTopic}" in namespace "${namespace}"` };
  const reading = parsePlainPayload(payload, receivedAt);
  if ('problem' in reading) return { ignored: reading.problem };
  await storeValues(context.db, reading.ts, [{ point, value: reading.value }], 'mqtt');
  return { stored: 1, problems: [] };
}
