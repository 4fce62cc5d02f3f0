import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { ApiKey, RestApiCreateRequest } from '../../../src/generated/api-types';
import type { Database } from '../../db/database';
import type { Tables } from '../../db/tables';
import type { ApiContext } from '../../http/api-context';
import { ApiError, notYours } from '../../http/api-error';
import { endpointSchema } from '../../http/api-schema';
import { callerOrganisation } from '../../organisations/membership';
import { newApiKey } from './api-key-secret';

const LISTED = ['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'] as const;
type KeyRow = Pick<Selectable<Tables['api_keys']>, (typeof LISTED)[number]>;

/** API keys for pushing readings: list, create (the secret shown once), revoke. */
export async function apiKeyRoutes(app: FastifyInstance, { db }: ApiContext): Promise<void> {
  const { response, description } = endpointSchema('restApi');
  app.get('/restApi', { schema: { response, description } }, async (request) => {
    const keys = await db
      .selectFrom('api_keys')
      .select(LISTED)
      .where('organisation_id', '=', callerOrganisation(request.caller))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return { keys: keys.map(listedKey) };
  });

  app.post<{ Body: RestApiCreateRequest }>(
    '/restApi',
    { schema: endpointSchema('restApiCreate') },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const name = request.body.name.trim();
      if (name === '')
        throw new ApiError(400, 'Give the key a name, such as the gateway or script that will use it.');
      const key = newApiKey();
      const row = await db
        .insertInto('api_keys')
        .values({
          organisation_id: organisationId,
          name,
          prefix: key.prefix,
          key_hash: key.hash,
          created_by: request.caller.userId,
        })
        .returning(LISTED)
        .executeTakeFirstOrThrow();
      return { apiKey: listedKey(row), secret: key.secret };
    },
  );

  const revoke = endpointSchema('restApiRevoke');
  app.delete<{ Params: { id: string } }>(
    '/restApi/:id',
    { schema: { params: revoke.body, response: revoke.response, description: revoke.description } },
    async (request) => revokeKey(db, callerOrganisation(request.caller), Number(request.params.id)),
  );
}

/** Revoked at once and for good; revoking again keeps the first time. */
async function revokeKey(db: Database, organisationId: number, id: number): Promise<ApiKey> {
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
  if (!row) throw notYours();
  return listedKey(row);
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
