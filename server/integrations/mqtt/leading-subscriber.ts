import { connect, type MqttClient } from 'mqtt';
import type { DatabaseHandle } from '../../db/database';
import { holdLead, LEADS, type Lead } from '../../db/leadership';
import { MqttSubscriber, type MqttSubscriberOptions } from './subscriber';
import { DEFAULT_TOPIC_PREFIX, normaliseTopicPrefix } from './topics';

export interface LeadingSubscriber {
  readonly topicPrefix: string;
  /** This process reaches the broker: through the session when it leads, else through a watch of its own. */
  readonly connected: boolean;
  /** This process holds the session now. */
  readonly leading: boolean;
  stop(): Promise<void>;
}

/**
 * The product's one MQTT session, held by one server process at a time
 * (db/leadership.ts): every message is handled once, by the leader, and a
 * process killed or cut off hands the session to another, which resumes it
 * under the same client id with what the broker kept for it meanwhile. Plain
 * subscriptions of one persistent session are what a broker keeps over its
 * own restart; shared ones, which would spread messages over the processes,
 * Mosquitto 2.0 forgets, dropping what devices send before the processes have
 * subscribed again. One process stores far more readings a second than meters
 * send (630 to 1,530 messages a second here, through the inbox, where 100,000
 * meters every 15 minutes send 111; the README says how it was measured), so
 * spreading them is not worth a lost reading. A new leader first stores what
 * the last one left in the inbox (inbox.ts).
 *
 * The others keep a plain connection to the broker of their own, without
 * subscriptions, so the broker's status they tell the UI is theirs to see.
 */
export function subscribeWhileLeading(
  database: DatabaseHandle,
  options: Omit<MqttSubscriberOptions, 'db'>,
  { checkMs }: { checkMs?: number } = {},
): LeadingSubscriber {
  let subscriber: MqttSubscriber | undefined;
  let watch: MqttClient | undefined = watchBroker(options.url);
  let stopping = false;
  const lead: Lead = holdLead(database, LEADS.mqttSession, {
    checkMs,
    log: options.log,
    lead() {
      watch?.end(true);
      watch = undefined;
      subscriber = new MqttSubscriber({ ...options, db: database.db });
      subscriber.start();
    },
    async resign() {
      const leaving = subscriber;
      subscriber = undefined;
      await leaving?.stop();
      // Standing by again, unless the process is stopping: then no connection is opened only to be closed.
      if (!stopping) watch = watchBroker(options.url);
    },
  });
  return {
    topicPrefix: normaliseTopicPrefix(options.topicPrefix ?? DEFAULT_TOPIC_PREFIX),
    get connected() {
      return subscriber?.connected ?? watch?.connected ?? false;
    },
    get leading() {
      return subscriber !== undefined;
    },
    /** When it leads, the session stays on the broker with what comes meanwhile, for the next leader. */
    async stop() {
      stopping = true;
      await lead.stop();
      watch?.end(true);
      watch = undefined;
    },
  };
}

/** A clean connection under a random id that subscribes to nothing: only whether the broker answers. */
function watchBroker(url: string): MqttClient {
  const client = connect(url, {
    protocolVersion: 5,
    clean: true,
    reconnectPeriod: 5_000,
    connectTimeout: 10_000,
  });
  // Its failures are the subscriber's to tell, once it leads; here they only show as not connected.
  client.on('error', () => {});
  return client;
}
