import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPost {
  delivery: string;
  body: { event: string; [key: string]: unknown };
  /** Whether the signature checked out with the secret the receiver was given. */
  signed: boolean;
  /** performance.now() when the post's whole body had arrived. */
  at: number;
}

/**
 * A webhook receiver on a local port, as a customer would write one: it
 * checks each post's signature against the channel's secret (the timestamp,
 * a dot and the raw body, HMAC-SHA256, compared in constant time), keeps
 * what it received, and answers `status` (200 until told otherwise).
 */
export async function webhookReceiver() {
  const received: ReceivedPost[] = [];
  let secret = '';
  let status = 200;
  let delayMs = 0;
  /** Told of each post as it arrives: waitFor's waiters. */
  const listeners = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const raw = Buffer.concat(chunks).toString('utf8');
      const expected = `sha256=${createHmac('sha256', secret)
        .update(`${request.headers['x-insights-timestamp']}.${raw}`)
        .digest('hex')}`;
      const given = String(request.headers['x-insights-signature'] ?? '');
      const signed =
        given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      received.push({
        delivery: String(request.headers['x-insights-delivery']),
        body: JSON.parse(raw),
        signed,
        at,
      });
      // The answer is the one set when the post arrived: a test that changes it once it has seen a post must not change that post's.
      const answerWith = status;
      for (const listener of listeners) listener();
      setTimeout(() => response.writeHead(answerWith).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/insights`,
    received,
    /** The secret the channel was made with, as its owner would paste it into the receiver. */
    trust(channelSecret: string) {
      secret = channelSecret;
    },
    answer(next: number) {
      status = next;
    },
    /** Answers each post this long after it arrives: a slow receiver. */
    answerAfter(ms: number) {
      delayMs = ms;
    },
    /** The first post `matches` accepts, as soon as it arrives; fails saying what came when none has in `timeoutMs`. */
    waitFor(matches: (post: ReceivedPost) => boolean, timeoutMs: number): Promise<ReceivedPost> {
      return new Promise((resolve, reject) => {
        const look = () => {
          const post = received.find(matches);
          if (!post) return;
          settle();
          resolve(post);
        };
        const timer = setTimeout(() => {
          settle();
          reject(
            new Error(`webhook receiver: no such post within ${timeoutMs} ms (${received.length} so far)`),
          );
        }, timeoutMs);
        const settle = () => {
          clearTimeout(timer);
          listeners.delete(look);
        };
        listeners.add(look);
        look();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
