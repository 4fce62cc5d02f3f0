import { fieldError } from '../http/api-error';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]']);

/**
 * Refuses a webhook address that is not http(s), or that is this server
 * itself: its public address, or a loopback address on the port it listens
 * on (a post to itself would call its own API with the alert as the body).
 * Another port on this machine is a receiver like any other.
 */
export function checkChannelUrl(url: string, server: { publicUrl: string; port: number | undefined }): URL {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw fieldError('/url', 'Give the webhook a whole address, such as https://hooks.example.com/insights.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw fieldError(
      '/url',
      `A webhook is posted over http or https, not ${parsed.protocol.replace(':', '')}.`,
    );
  }
  if (parsed.username || parsed.password) {
    throw fieldError(
      '/url',
      'Leave the user name and password out of the address: posts are signed instead.',
    );
  }
  const own = new URL(server.publicUrl);
  const port = (address: URL) => address.port || (address.protocol === 'https:' ? '443' : '80');
  const itself =
    (parsed.hostname === own.hostname && port(parsed) === port(own)) ||
    (LOOPBACK.has(parsed.hostname) && server.port !== undefined && port(parsed) === String(server.port));
  if (itself) throw fieldError('/url', 'This address is Insights itself: give the address of the receiver.');
  return parsed;
}
