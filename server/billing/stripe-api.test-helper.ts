import { createServer, type IncomingHttpHeaders } from 'node:http';

/** A request as Stripe would have received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the stand-in answers next: a status and a JSON body. */
export interface StripeAnswer {
  status: number;
  body: unknown;
}

export interface StripeApiStandIn {
  /** The address to give stripeBillingProvider as its apiUrl. */
  url: string;
  received: ReceivedRequest[];
  /** Every request from now on gets this answer. */
  answerWith(answer: StripeAnswer): void;
  close(): Promise<void>;
}

/**
 * An HTTP server on a free port of 127.0.0.1 in Stripe's place: it keeps every
 * request whole, so a test can check what Stripe would have been asked, and
 * answers as told.
 */
export async function startStripeApiStandIn(): Promise<StripeApiStandIn> {
  const received: ReceivedRequest[] = [];
  let answer: StripeAnswer = { status: 500, body: { error: { message: 'no answer set' } } };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith(next) {
      answer = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
