import { randomBytes } from 'node:crypto';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { Database } from '../../db/database';
import { handleMessage, isPlainReading, type MessageContext, type MessageOutcome } from './handle-message';
import { MqttInbox } from './inbox';
import { reasonKey, ThrottledLog } from './throttled-log';
import { TopicPoints } from './topic-points';
import { DEFAULT_TOPIC_PREFIX, normaliseTopicPrefix, subscriptionTopics } from './topics';

export interface MqttSubscriberOptions {
  db: Database;
  /** mqtt://, mqtts://, ws:// or wss://; credentials may be in it and are never logged. */
  url: string;
  log: (line: string) => void;
  /** Plain readings are taken from topics under this prefix; "insights/" by default. */
  topicPrefix?: string;
  /** Told of every message once it has been stored or refused: for tests, and anyone who counts. */
  onHandled?: (topic: string, outcome: MessageOutcome) => void;
  topicCacheMs?: number;
  /**
   * A stable id (MQTT_CLIENT_ID) makes the session persistent: while no process is connected with it,
   * the broker keeps its subscriptions and the QoS 1 messages meant for it, over a restart of its own
   * too. Without one, a random id and a clean session, which could never be resumed.
   */
  clientId?: string;
  /** How long the broker keeps a persistent session once the connection is gone; an hour by default. */
  sessionExpirySeconds?: number;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
/** Rides out a broker restart, a deploy, or an hour with no process of the product running. */
const SESSION_EXPIRY_SECONDS = 3_600;

/**
 * Listens to an MQTT broker for LoRaWAN uplinks (The Things Stack v3,
 * ChirpStack v4) and plain readings, and stores them. Messages are taken
 * one at a time in arrival order, and each is acknowledged to the broker
 * only once it is kept: an uplink once stored (or refused for what it
 * says), a plain reading once committed to the inbox (inbox.ts), which
 * stores the waiting readings in batches, the last sent of an instant
 * winning. A process killed in between, or a database that is away, leaves
 * the message with the broker, which hands it over again. A broken broker
 * connection is retried with growing pauses; nothing a broker or a device
 * sends can stop the process.
 *
 * With a stable client id the session is persistent: messages published
 * while it is disconnected wait on the broker (up to the session expiry, and
 * the broker's queue limit) and arrive right after it connects, possibly
 * before it has subscribed again; they are handled like any other. Its
 * subscriptions are plain ones, which a broker keeps with the session over
 * its own restart (Mosquitto 2.0 forgets shared ones, $share/…, and drops
 * what comes before they are made again). Of several server processes, one
 * at a time holds the session (leading-subscriber.ts).
 */
export class MqttSubscriber {
  readonly topicPrefix: string;
  private readonly throttled: ThrottledLog;
  private readonly context: MessageContext;
  private readonly inbox: MqttInbox;
  private client: MqttClient | undefined;
  private stopped = false;
  private subscribed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private waiting: (() => void)[] = [];
  /** The message being stored, which stop() lets finish. */
  private current: Promise<void> = Promise.resolve();

  constructor(private readonly options: MqttSubscriberOptions) {
    this.topicPrefix = normaliseTopicPrefix(options.topicPrefix ?? DEFAULT_TOPIC_PREFIX);
    this.throttled = new ThrottledLog(options.log);
    this.context = {
      db: options.db,
      prefix: this.topicPrefix,
      topicPoints: new TopicPoints(options.db, options.topicCacheMs),
    };
    this.inbox = new MqttInbox({
      context: this.context,
      handled: (topic, outcome) => this.handled(topic, outcome),
      failed: (error, retryMs) =>
        this.throttled.line(
          'database',
          `mqtt: readings waiting in the inbox could not be stored (${error.message}); trying again in ${retryMs / 1000} s`,
        ),
    });
  }

  /** Connects in the background: the server runs on while the broker is away. */
  start(): void {
    if (this.client || this.stopped) return;
    // Readings a process put in the inbox and did not store before it stopped.
    this.inbox.drainSoon();
    // Reconnecting is ours (reconnectPeriod 0): mqtt.js retries at a fixed pace, this backs off.
    // resubscribe false: subscribe() does it on every connect, which also covers an expired session (and
    // a broker that kept the session without its subscriptions: subscribing again to a filter replaces it).
    const client = connect(this.options.url, {
      protocolVersion: 5,
      ...sessionOptions(this.options.clientId, this.options.sessionExpirySeconds ?? SESSION_EXPIRY_SECONDS),
      reconnectPeriod: 0,
      resubscribe: false,
      connectTimeout: 10_000,
    });
    this.client = client;
    client.on('connect', () => {
      this.retryMs = FIRST_RETRY_MS;
      void this.subscribe(client);
    });
    // A resumed session's waiting messages follow the broker's CONNACK, before subscribe() has run.
    // mqtt.js acknowledges a message once this calls back, and reads no further packet until then.
    client.handleMessage = (packet, done) => {
      if (packet.cmd !== 'publish') return done();
      this.current = this.take(client, packet.topic, packet.payload as Buffer, done);
    };
    client.on('close', () => {
      this.subscribed = false;
      this.retryLater(client);
    });
    client.on('error', (error) =>
      this.throttled.line('broker', `mqtt: ${brokerName(this.options.url)}: ${error.message}`),
    );
  }

  /** Connected to the broker and subscribed to every topic. */
  get connected(): boolean {
    return this.subscribed && this.client?.connected === true;
  }

  /** Resolves once the subscriptions are in place, so a test publishes only when someone listens. */
  whenSubscribed(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * Disconnects and lets the messages already received finish, so the database can close after. The
   * session stays on the broker: started again with the same client id, this process gets what it missed.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.client?.endAsync(true);
    await this.current;
    await this.inbox.stop();
    this.context.topicPoints.close();
  }

  private async subscribe(client: MqttClient): Promise<void> {
    try {
      const topics = subscriptionTopics(this.topicPrefix);
      const grants = await client.subscribeAsync(topics, { qos: 1 });
      const refused = grants.filter((grant) => grant.qos === 128).map((grant) => grant.topic);
      if (refused.length > 0)
        this.options.log(`mqtt: the broker refused subscriptions to ${refused.join(', ')}`);
      this.subscribed = true;
      this.options.log(
        `mqtt: listening on ${brokerName(this.options.url)} as "${client.options.clientId}" (plain readings under "${this.topicPrefix}")`,
      );
      for (const resolve of this.waiting.splice(0)) resolve();
    } catch (error) {
      this.throttled.line('broker', `mqtt: subscribing failed: ${(error as Error).message}`);
    }
  }

  private retryLater(client: MqttClient): void {
    if (this.stopped || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.throttled.line(
      'reconnect',
      `mqtt: no connection to ${brokerName(this.options.url)}; retrying in ${delay / 1000} s`,
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.stopped) client.reconnect();
    }, delay);
    // A pending retry must not keep a finished process (or test run) alive.
    this.retryTimer.unref();
  }

  /**
   * Keeps one message (a plain reading in the inbox, an uplink stored), then
   * lets mqtt.js acknowledge it. When the database fails, the message is left
   * unacknowledged and the connection dropped: the broker keeps it for this
   * session and hands it over again once the retry connects, rather than it
   * being lost with an acknowledgement.
   */
  private async take(client: MqttClient, topic: string, payload: Buffer, done: () => void): Promise<void> {
    const receivedAt = Date.now();
    let outcome: MessageOutcome | undefined;
    try {
      if (isPlainReading(topic, payload, this.topicPrefix)) await this.inbox.put(topic, payload, receivedAt);
      else outcome = await handleMessage(this.context, topic, payload, receivedAt);
    } catch (error) {
      this.throttled.line(
        'database',
        `mqtt: a message could not be stored (${(error as Error).message}); the broker keeps it for the next connection`,
      );
      client.stream.destroy();
      return;
    }
    done();
    if (outcome) this.handled(topic, outcome);
  }

  /** A message stored, or refused for what it says: logged when refused, and told to onHandled. */
  private handled(topic: string, outcome: MessageOutcome): void {
    this.report(topic, outcome);
    try {
      this.options.onHandled?.(topic, outcome);
    } catch {
      // A listener's mistake is not the subscriber's to crash on.
    }
  }

  private report(topic: string, outcome: MessageOutcome): void {
    const reasons = 'ignored' in outcome ? [outcome.ignored] : outcome.problems;
    if (reasons.length === 0) return;
    // Topics are shown, payloads never: they may carry whatever a device was configured to send.
    const shown = topic.length > 200 ? `${topic.slice(0, 200)}…` : topic;
    // Throttled per topic and reason: a device that keeps failing one way must not hide a second, different failure.
    this.throttled.line(reasonKey(topic, reasons), `mqtt: ${shown}: ${reasons.join('; ')}`);
  }
}

/** Persistent with a stable client id; clean with a random one, which could never resume its session. */
function sessionOptions(clientId: string | undefined, expirySeconds: number): IClientOptions {
  if (!clientId) return { clientId: `insights-${randomBytes(6).toString('hex')}`, clean: true };
  return { clientId, clean: false, properties: { sessionExpiryInterval: expirySeconds } };
}

/** The broker's scheme, host and port, without the user name and password a URL may carry. */
export function brokerName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'the MQTT broker';
  }
}
