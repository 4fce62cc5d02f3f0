import { createHash, randomBytes } from 'node:crypto';

/** A new key: the secret to show once, the prefix to list it by, and the hash to find it by. */
export interface NewApiKey {
  secret: string;
  prefix: string;
  hash: string;
}

/**
 * ins_<8 hex>_<32 random bytes, base64url>. The recognisable start lets
 * secret scanners and people spot a leaked key; 256 random bits make
 * guessing hopeless, so a fast unsalted hash is enough to store it by.
 */
export function newApiKey(): NewApiKey {
  const prefix = `ins_${randomBytes(4).toString('hex')}`;
  const secret = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix, hash: hashApiKey(secret) };
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The key a request carries: "Authorization: ApiKey <key>" or "X-Api-Key: <key>". */
export function presentedKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^ApiKey\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  const header = headers['x-api-key'];
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
}
