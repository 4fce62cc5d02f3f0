import type { FastifyReply } from 'fastify';

/** A comment line this often keeps proxies and browsers from taking a quiet stream for a dead one. */
const KEEP_ALIVE_MS = 20_000;

/**
 * Answers a stream contract: the events as Server-Sent Events, each one's
 * data the response schema's JSON (`serialize`), until the handler's
 * iterable ends, which it does when `signal` is aborted (the caller went, or
 * the server is closing). Fastify's reply is handed over (hijacked): the
 * headers already set on it (security headers) go out with the stream's.
 */
export async function sendEventStream(
  reply: FastifyReply,
  events: AsyncIterable<unknown>,
  serialize: (event: unknown) => string,
  signal: AbortSignal,
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx and its kind would otherwise hold the events back in a buffer.
    'x-accel-buffering': 'no',
  });
  const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  try {
    for await (const event of events) {
      if (signal.aborted) break;
      raw.write(`data: ${serialize(event)}\n\n`);
    }
  } catch (error) {
    // The headers are out: a failure can only end the stream; the client reconnects and is caught up.
    reply.log.warn({ err: error }, 'a live stream ended on an error');
  } finally {
    clearInterval(keepAlive);
    raw.end();
  }
}
