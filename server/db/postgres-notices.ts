import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { noticeListeners, type ProcessNotices } from './process-notices';

/**
 * PostgreSQL's NOTIFY allows payloads of under 8000 bytes: ids are told in
 * groups that stay well under it (a UUID, quoted, is 38 bytes).
 */
const IDS_PER_NOTICE = 150;
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/** A notice as sent: who sent it, so its sender skips it, and what it says. */
interface Payload {
  from: string;
  topic: string;
  ids: (number | string)[];
}

/**
 * ProcessNotices over PostgreSQL's LISTEN/NOTIFY, on a connection of its own
 * (a pooled one would be handed to others while it listens). Notices go
 * only to processes on the same database and schema: channels are per
 * database, so the schema (a test's own, say) names the channel. A lost
 * connection is made again with growing pauses, and listeners are told that
 * notices may have been missed meanwhile.
 */
export async function listenForNotices(
  url: string,
  log: (line: string) => void = () => {},
): Promise<ProcessNotices> {
  const self = randomUUID();
  const listeners = noticeListeners();
  let client: pg.Client | undefined;
  let channel = '';
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    const payload = parsed(message.payload);
    if (payload && payload.from !== self) listeners.deliver(payload.topic, payload.ids);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', onNotification);
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    const schema = (await next.query<{ schema: string }>('select current_schema() as schema')).rows[0]
      ?.schema;
    channel = `insights_notices_${schema ?? 'public'}`;
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  }

  function lost(gone: pg.Client): void {
    if (client !== gone || closed) return;
    client = undefined;
    gone.removeAllListeners('notification');
    gone.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || retry) return;
    const delay = retryMs;
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    log(`notices: the connection to the database was lost; listening again in ${delay / 1000} s`);
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          retryMs = FIRST_RETRY_MS;
          log('notices: listening again');
          listeners.missed();
        },
        () => scheduleReconnect(),
      );
    }, delay);
    // A pending retry must not keep a finished process alive.
    retry.unref();
  }

  await connect();
  return {
    tell(topic, ids) {
      for (let start = 0; start < ids.length; start += IDS_PER_NOTICE) {
        const payload: Payload = { from: self, topic, ids: ids.slice(start, start + IDS_PER_NOTICE) };
        // Lost with the connection: the listeners of the others hear that they missed notices when it is back.
        client?.query('select pg_notify($1, $2)', [channel, JSON.stringify(payload)]).catch(() => {});
      }
    },
    hear: listeners.hear,
    onMissed: listeners.onMissed,
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end();
    },
  };
}

/** A notice from another process of this product; anything else on the channel is not ours to act on. */
function parsed(text: string | undefined): Payload | undefined {
  try {
    const value = JSON.parse(text ?? '') as Partial<Payload>;
    if (typeof value.from !== 'string' || typeof value.topic !== 'string' || !Array.isArray(value.ids)) {
      return undefined;
    }
    return value as Payload;
  } catch {
    return undefined;
  }
}
