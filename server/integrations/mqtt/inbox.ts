import type { Database } from '../../db/database';
import { type WritablePoint, writeReadingsFrom } from '../../readings/readings-writer';
import { type MessageContext, type MessageOutcome, readPlainMessage } from './handle-message';
import { routeTopic } from './topics';

/** Rows one write takes at most: a few seconds of a busy broker's readings, within one transaction. */
const BATCH_ROWS = 1_000;
/**
 * How long a message waits for others before a drain starts: the messages of a busy broker then share a
 * write. With one connection (PGlite) a drain holds it, and the subscriber's next insert waits; started at
 * once, each drain would take the one message put before it.
 */
const LINGER_MS = 20;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

export interface InboxOptions {
  context: MessageContext;
  /** Told of each message once its reading is stored, or once it is refused for what it says. */
  handled: (topic: string, outcome: MessageOutcome) => void;
  /** Told when waiting messages could not be stored: they stay in the inbox and are tried again after retryMs. */
  failed: (error: Error, retryMs: number) => void;
}

/** One point's readings in a batch, in the order they came. */
interface PointReadings {
  point: WritablePoint;
  ts: number[];
  values: number[];
}

/**
 * Plain MQTT readings between the broker and the readings writer. The
 * subscriber puts each message here, committed, before the broker is told
 * it arrived (mqtt.js hands over the next message only then); the inbox
 * stores what waits in batches through the one readings writer, each
 * point's readings of a batch in one write, and takes the rows out in the
 * same transaction. A message in the inbox is therefore stored once: a
 * process that stops in between leaves its rows to be stored by the next
 * subscriber to start (leading-subscriber.ts), and two processes draining at
 * once take different rows (SKIP LOCKED). (A process cut off between the
 * insert and the acknowledgement gets the message again from the broker, as
 * it did when it stored before acknowledging: one without a time of its own
 * then counts twice, at each arrival.) A write per message held the whole feed to
 * the pace of one transaction of about ten statements; now a message costs
 * one insert, and a busy point's readings share a write.
 *
 * Within a batch the last message sent for an instant wins, as it would
 * one message after another.
 */
export class MqttInbox {
  private draining: Promise<void> | undefined;
  private lingerTimer: NodeJS.Timeout | undefined;
  /** A message came while a drain ran: look again when it ends. */
  private again = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private stopped = false;

  constructor(private readonly options: InboxOptions) {}

  /** Keeps a plain message; once this resolves it is committed, and the broker may be told it arrived. */
  async put(topic: string, payload: Buffer, receivedAt: number): Promise<void> {
    await this.options.context.db
      .insertInto('mqtt_inbox')
      .values({ topic, payload, received_at: new Date(receivedAt) })
      .execute();
    this.drainSoon(LINGER_MS);
  }

  /** Stores what waits: after `lingerMs`, or once the drain under way has ended. */
  drainSoon(lingerMs = 0): void {
    if (this.stopped || this.retryTimer || this.lingerTimer) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    if (lingerMs > 0) {
      this.lingerTimer = setTimeout(() => {
        this.lingerTimer = undefined;
        this.drainSoon();
      }, lingerMs);
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      // A message put after the drain last looked: it would otherwise wait for the next one.
      if (this.again && !this.stopped) this.drainSoon();
    });
  }

  /**
   * Stops storing: waits for the drain under way, and stores what was put
   * just before. What a database that is away kept from being stored waits
   * in the inbox for the next start.
   */
  async stop(): Promise<void> {
    const lingering = this.lingerTimer !== undefined;
    clearTimeout(this.lingerTimer);
    clearTimeout(this.retryTimer);
    this.lingerTimer = undefined;
    this.retryTimer = undefined;
    this.stopped = true;
    await this.draining;
    // What was put just before, or while the last batch was being stored.
    if (lingering || this.again) await this.drain();
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        this.again = false;
        const taken = await this.storeBatch();
        if (this.stopped || (taken < BATCH_ROWS && !this.again)) break;
      }
      this.retryMs = FIRST_RETRY_MS;
    } catch (error) {
      const delay = this.retryMs;
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
      this.options.failed(error as Error, delay);
      if (this.stopped) return;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        this.drainSoon();
      }, delay);
      // A pending retry must not keep a finished process (or test run) alive.
      this.retryTimer.unref();
    }
  }

  /** Stores the oldest waiting messages no other process holds, and takes them out, in one write: how many. */
  private async storeBatch(): Promise<number> {
    const { context } = this.options;
    const { result } = await writeReadingsFrom(context.db, 'mqtt', async (write) => {
      const rows = await write.trx
        .selectFrom('mqtt_inbox')
        .select(['id', 'topic', 'payload', 'received_at'])
        .orderBy('id')
        .limit(BATCH_ROWS)
        .forUpdate()
        .skipLocked()
        .execute();
      const outcomes: { topic: string; outcome: MessageOutcome }[] = [];
      const byPoint = new Map<number, PointReadings>();
      for (const row of rows) {
        const outcome = await this.take(write.trx, row, byPoint);
        outcomes.push({ topic: row.topic, outcome });
      }
      await write.batches(
        [...byPoint.values()].map(({ point, ts, values }) => ({ point, series: { ts, values } })),
      );
      if (rows.length > 0)
        await write.trx
          .deleteFrom('mqtt_inbox')
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      return { taken: rows.length, outcomes };
    });
    for (const { topic, outcome } of result.outcomes) this.options.handled(topic, outcome);
    return result.taken;
  }

  /** A waiting message's reading, added to its point's; or why it is not stored. */
  private async take(
    trx: Database,
    row: { topic: string; payload: Uint8Array; received_at: Date },
    byPoint: Map<number, PointReadings>,
  ): Promise<MessageOutcome> {
    const { context } = this.options;
    const route = routeTopic(row.topic, context.prefix);
    // Only plain readings are put here; a topic read otherwise now came under another prefix before a restart.
    if (route.kind !== 'plain') return { ignored: `"${row.topic}" is not a plain reading's topic any more` };
    const payload = Buffer.from(row.payload.buffer, row.payload.byteOffset, row.payload.byteLength);
    const read = await readPlainMessage(
      context,
      route.namespace,
      route.pointTopic,
      payload,
      row.received_at.getTime(),
      trx,
    );
    if ('ignored' in read) return read;
    const readings: PointReadings = byPoint.get(read.point.id) ?? { point: read.point, ts: [], values: [] };
    readings.ts.push(read.ts);
    readings.values.push(read.value);
    byPoint.set(read.point.id, readings);
    return { stored: 1, problems: [] };
  }
}
