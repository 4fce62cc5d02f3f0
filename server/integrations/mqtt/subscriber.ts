import { randomBytes } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';
import type { Database } from '../../db/database';
import { handleMessage, type MessageContext, type MessageOutcome } from './handle-message';
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
  /** Told of every message once it has been handled: for tests, and anyone who counts. */
  onHandled?: (topic: string, outcome: MessageOutcome) => void;
  topicCacheMs?: number;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
/** Messages waiting for the database; beyond this a burst is dropped rather than held in memory. */
const MAX_PENDING = 10_000;

/**
 * Listens to an MQTT broker for LoRaWAN uplinks (The Things Stack v3,
 * ChirpStack v4) and plain readings, and stores them. Messages are handled
 * one at a time in arrival order, so readings of a point are written in the
 * order they were sent. A broken broker connection is retried with growing
 * pauses; nothing a broker or a device sends can stop the process.
 */
export class MqttSubscriber {
  readonly topicPrefix: string;
  private readonly throttled: ThrottledLog;
  private readonly context: MessageContext;
  private client: MqttClient | undefined;
  private stopped = false;
  private subscribed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private waiting: (() => void)[] = [];
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly options: MqttSubscriberOptions) {
    this.topicPrefix = normaliseTopicPrefix(options.topicPrefix ?? DEFAULT_TOPIC_PREFIX);
    this.throttled = new ThrottledLog(options.log);
    this.context = {
      db: options.db,
      prefix: this.topicPrefix,
      topicPoints: new TopicPoints(options.db, options.topicCacheMs),
    };
  }

  /** Connects in the background: the server runs on while the broker is away. */
  start(): void {
    if (this.client || this.stopped) return;
    // Reconnecting is ours (reconnectPeriod 0): mqtt.js retries at a fixed pace, this backs off.
    const client = connect(this.options.url, {
      clientId: `insights-${randomBytes(6).toString('hex')}`,
      reconnectPeriod: 0,
      resubscribe: false,
      connectTimeout: 10_000,
    });
    this.client = client;
    client.on('connect', () => {
      this.retryMs = FIRST_RETRY_MS;
      void this.subscribe(client);
    });
    client.on('message', (topic, payload) => this.enqueue(topic, payload));
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

  /** Disconnects and lets the messages already received finish, so the database can close after. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.client?.endAsync(true);
    await this.queue;
  }

  private async subscribe(client: MqttClient): Promise<void> {
    try {
      const grants = await client.subscribeAsync(subscriptionTopics(this.topicPrefix), { qos: 1 });
      const refused = grants.filter((grant) => grant.qos === 128).map((grant) => grant.topic);
      if (refused.length > 0)
        this.options.log(`mqtt: the broker refused subscriptions to ${refused.join(', ')}`);
      this.subscribed = true;
      this.options.log(
        `mqtt: listening on ${brokerName(this.options.url)} (plain readings under "${this.topicPrefix}")`,
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

  private enqueue(topic: string, payload: Buffer): void {
    const receivedAt = Date.now();
    if (this.pending >= MAX_PENDING) {
      this.throttled.line(
        'overload',
        `mqtt: over ${MAX_PENDING} messages wait for the database; dropping new ones`,
      );
      return;
    }
    this.pending++;
    this.queue = this.queue
      .then(() => this.process(topic, payload, receivedAt))
      .finally(() => {
        this.pending--;
      });
  }

  private async process(topic: string, payload: Buffer, receivedAt: number): Promise<void> {
    let outcome: MessageOutcome;
    try {
      outcome = await handleMessage(this.context, topic, payload, receivedAt);
    } catch (error) {
      outcome = { ignored: `could not be stored: ${(error as Error).message}` };
    }
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

/** The broker's scheme, host and port, without the user name and password a URL may carry. */
export function brokerName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'the MQTT broker';
  }
}
