import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { hashApiKey, presentedKey } from './api-key-secret';

/** The organisation an API key speaks for. */
export interface KeyHolder {
  keyId: number;
  organisationId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: KeyHolder;
  }
}

/** last_used_at is for people ("used 3 minutes ago"): writing it once a minute is plenty, however fast a meter pushes. */
const LAST_USED_PRECISION = '1 minute';

/**
 * Finds the organisation behind the request's API key. A missing, unknown or
 * revoked key is 401 with a sentence saying which, so an integrator knows
 * whether to fix the header or make a new key.
 */
export async function authenticateApiKey(db: Database, request: FastifyRequest): Promise<KeyHolder> {
  const secret = presentedKey(request.headers);
  if (!secret) {
    throw new ApiError(401, 'Send an API key as "Authorization: ApiKey <key>" or "X-Api-Key: <key>".');
  }
  const key = await db
    .selectFrom('api_keys')
    .select(['id', 'organisation_id', 'revoked_at'])
    .where('key_hash', '=', hashApiKey(secret))
    .executeTakeFirst();
  if (!key)
    throw new ApiError(401, 'This API key is not valid; check it was copied whole, or create a new one.');
  if (key.revoked_at) {
    throw new ApiError(401, `This API key was revoked on ${key.revoked_at.toISOString()}; create a new one.`);
  }
  await sql`
    update api_keys set last_used_at = now()
    where id = ${key.id} and (last_used_at is null or last_used_at < now() - ${LAST_USED_PRECISION}::interval)
  `.execute(db);
  return { keyId: key.id, organisationId: key.organisation_id };
}
