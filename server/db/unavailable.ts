/**
 * PostgreSQL's codes for a server that is going away, starting up or out of
 * connections (class 08, connection exceptions; 57P01-57P03, shutdown and
 * start-up; 53300, too many connections), and Node's for a socket that
 * failed: what a restart or a failover looks like to a client.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
/** node-postgres says these in words, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /not queryable/,
  /timeout exceeded when trying to connect/,
];

/**
 * Whether an error says the database is away for now, not that the request
 * or the code was wrong: worth answering "try again" rather than a failure.
 * Its transaction was rolled back with the connection, so nothing is half-written.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
}
