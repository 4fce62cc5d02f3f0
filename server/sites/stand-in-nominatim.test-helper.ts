import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in was asked, and when. */
export interface AskedOfGeocoder {
  url: URL;
  headers: IncomingMessage['headers'];
  at: number;
}

/** An answer: a status and a body, sent as JSON unless it is already text. */
export interface GeocoderAnswer {
  status: number;
  body: unknown;
}

/**
 * A stand-in for a Nominatim server on a local port, answering what the test
 * sets (by default, one place named after the address asked for): the
 * product's geocoder talks HTTP to it as it would to the real one.
 */
export function standInNominatim(
  answerFor: (asked: URL) => GeocoderAnswer = (asked) => ({
    status: 200,
    body: [{ lat: '51.5072', lon: '-0.1276', display_name: `${asked.searchParams.get('q')}, London` }],
  }),
) {
  const asked: AskedOfGeocoder[] = [];
  let answering = answerFor;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    asked.push({ url, headers: request.headers, at: Date.now() });
    const { status, body } = answering(url);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  return {
    asked,
    /** Answers every search from now on with this. */
    answerWith(status: number, body: unknown) {
      answering = () => ({ status, body });
    },
    /** Listens on a free port; answers the base address to give the geocoder. */
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/nominatim`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
