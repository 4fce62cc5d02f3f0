import type { Database } from '../../db/database';
import type { PointForWrite } from '../../readings/readings-writer';
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

/** A plain reading's message, of a size to be one: what the subscriber puts in the inbox (inbox.ts). */
export function isPlainReading(topic: string, payload: Buffer, prefix: string): boolean {
  return payload.length <= MAX_PAYLOAD_BYTES && routeTopic(topic, prefix).kind === 'plain';
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
  const read = await readPlainMessage(context, namespace, pointTopic, payload, receivedAt);
  if ('ignored' in read) return read;
  await storeValues(context.db, read.ts, [{ point: read.point, value: read.value }], 'mqtt');
  return { stored: 1, problems: [] };
}

/** A plain message's reading and the data point it is for; or why it is not stored. */
export type PlainMessage = { point: PointForWrite; ts: number; value: number } | { ignored: string };

/**
 * What a plain message carries, and for which point of the namespace's
 * organisation; its point looked up through `db` (a transaction the caller
 * holds) when the topics' cache does not know it.
 */
export async function readPlainMessage(
  context: MessageContext,
  namespace: string,
  pointTopic: string,
  payload: Buffer,
  receivedAt: number,
  db: Database = context.db,
): Promise<PlainMessage> {
  const point = await context.topicPoints.pointFor(namespace, pointTopic, Date.now(), db);
  if (!point)
    return { ignored: `no data point has the MQTT topic "${pointTopic}" in namespace "${namespace}"` };
  const reading = parsePlainPayload(payload, receivedAt);
  if ('problem' in reading) return { ignored: reading.problem };
  return { point, ts: reading.ts, value: reading.value };
}
