import type { Selectable } from 'kysely';
import type { ApiKey } from '../../../src/generated/api-types';
import type { Database } from '../../db/database';
import type { Tables } from '../../db/tables';
import { ownedOrNotFound } from '../../http/owned-or-not-found';
import { newApiKey } from './api-key-secret';

const LISTED = ['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'] as const;
type KeyRow = Pick<Selectable<Tables['api_keys']>, (typeof LISTED)[number]>;

/** The organisation's API keys, newest first, revoked ones included. */
export async function listApiKeys(db: Database, organisationId: number): Promise<ApiKey[]> {
  const keys = await db
    .selectFrom('api_keys')
    .select(LISTED)
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return keys.map(listedKey);
}

/** A new key for the organisation: only its hash is kept, so the secret is returned this once. */
export async function createApiKey(
  db: Database,
  key: { organisationId: number; createdBy: string; name: string },
): Promise<{ apiKey: ApiKey; secret: string }> {
  const made = newApiKey();
  const row = await db
    .insertInto('api_keys')
    .values({
      organisation_id: key.organisationId,
      name: key.name,
      prefix: made.prefix,
      key_hash: made.hash,
      created_by: key.createdBy,
    })
    .returning(LISTED)
    .executeTakeFirstOrThrow();
  return { apiKey: listedKey(row), secret: made.secret };
}

/** Revoked at once and for good; revoking again keeps the first time. 404 for a key not the organisation's. */
export async function revokeApiKey(db: Database, organisationId: number, id: number): Promise<ApiKey> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .where('revoked_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('api_keys')
    .select(LISTED)
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return listedKey(ownedOrNotFound(row, `API key ${id}`));
}

function listedKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}
