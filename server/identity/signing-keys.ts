import { randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database } from '../db/database';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

const ALGORITHM = 'RS256';

/**
 * The install's token-signing key: made on first use and kept in the
 * database, so every server process of the install signs and verifies with
 * the same keys, and nothing secret ships with the code.
 */
export async function currentSigningKey(db: Database): Promise<SigningKey> {
  const existing = await db
    .selectFrom('signing_keys')
    .select(['kid', 'private_jwk'])
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (existing) {
    return {
      kid: existing.kid,
      privateKey: (await importJWK(existing.private_jwk as JWK, ALGORITHM)) as CryptoKey,
    };
  }
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, {
    extractable: true,
    modulusLength: 2048,
  });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: 'sig' };
  await db
    .insertInto('signing_keys')
    .values({
      kid,
      private_jwk: JSON.stringify(await exportJWK(privateKey)),
      public_jwk: JSON.stringify(publicJwk),
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  // Another process may have made one at the same moment: use whichever is newest.
  return currentSigningKey(db);
}

/** The public half of every key that may still have live tokens, as a JSON Web Key Set. */
export async function publicKeySet(db: Database): Promise<{ keys: JWK[] }> {
  const rows = await db
    .selectFrom('signing_keys')
    .select('public_jwk')
    .where('retired_at', 'is', null)
    .execute();
  return { keys: rows.map((row) => row.public_jwk as JWK) };
}
