import { isIPv4 } from 'node:net';
import { fieldError } from '../http/api-error';

/**
 * Refuses a webhook address that is not http(s), holds a password, is this
 * server itself (its public address, or a loopback address on the port it
 * listens on: a post to itself would call its own API with the alert as the
 * body), or is link-local (169.254.0.0/16, fe80::/10: where a cloud's
 * instance metadata answers, credentials and all). Another port on this
 * machine, or a host on the organisation's own network, is a receiver like
 * any other: self-hosted ticket queues and chats live there.
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
  const host = hostOf(parsed);
  if (isLinkLocal(host)) {
    throw fieldError(
      '/url',
      "A link-local address (169.254.x.x, fe80::) is not a receiver: give the receiver's address.",
    );
  }
  const own = new URL(server.publicUrl);
  const port = (address: URL) => address.port || (address.protocol === 'https:' ? '443' : '80');
  const itself =
    (host === hostOf(own) && port(parsed) === port(own)) ||
    (isLoopback(host) && server.port !== undefined && port(parsed) === String(server.port));
  if (itself) throw fieldError('/url', 'This address is Insights itself: give the address of the receiver.');
  return parsed;
}

/** The host as compared: lower case, without a DNS root's trailing dot or IPv6 brackets, IPv4 unmapped. */
function hostOf(address: URL): string {
  const host = address.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  // An IPv4-mapped IPv6 address, which URL writes in hex (::ffff:7f00:1 for 127.0.0.1), is its IPv4 address.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!mapped) return host;
  const [high, low] = [Number.parseInt(mapped[1] as string, 16), Number.parseInt(mapped[2] as string, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function isLoopback(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '::' ||
    host === '0.0.0.0' ||
    (isIPv4(host) && host.startsWith('127.'))
  );
}

function isLinkLocal(host: string): boolean {
  return (isIPv4(host) && host.startsWith('169.254.')) || /^fe[89ab][0-9a-f]:/.test(host);
}
