import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { KeyHolder } from '../../http/key-holder';
import { hashApiKey, presentedKey } from './api-key-secret';

/** last_used_at is for people ("used 3 minutes ago"): writing it once a minute is plenty, however fast a meter pushes. */
const LAST_USED_PRECISION = '1 minute';

/**
 * Finds the organisation behind the request's API key. A missing, unknown or
 * revoked key is 401 with a sentence saying which, so an integrator knows
 * whether to fix the header or make a new key. app.ts hands it to the API's
 * routes, which ask it for every `apiKey` endpoint (http/caller-guards.ts).
 */
export async function authenticateApiKey(db: Database, request: FastifyRequest): Promise<KeyHolder> {
  const secret = presentedKey(request.headers);
  if (!secret) {
    throw new ApiError(401, 'Send an API key as "Authorization: ApiKey <key>" or "X-Api-Key: <key>".');
  }
  // Found and marked used in one round trip: every push pays for it.
  const { rows } = await sql<{ id: number; organisation_id: number; revoked_at: Date | null }>`
    with key as (
      select id, organisation_id, revoked_at from api_keys where key_hash = ${hashApiKey(secret)}
    ), used as (
      update api_keys set last_used_at = now()
      where id = (select id from key where revoked_at is null)
        and (last_used_at is null or last_used_at < now() - ${LAST_USED_PRECISION}::interval)
    )
    select id, organisation_id, revoked_at from key
  `.execute(db);
  const key = rows[0];
  if (!key)
    throw new ApiError(401, 'This API key is not valid; check it was copied whole, or create a new one.');
  if (key.revoked_at) {
    throw new ApiError(401, `This API key was revoked on ${key.revoked_at.toISOString()}; create a new one.`);
  }
  return { keyId: key.id, organisationId: key.organisation_id };
}
