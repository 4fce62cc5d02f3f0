import type { FastifyInstance } from 'fastify';
import type { AddOrganisationRequest } from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { ApiError, invalidBody } from '../http/api-error';
import { endpointSchema } from '../http/api-schema';

/** Organisations: creating one makes the caller its first member and admin. */
export async function organisationRoutes(app: FastifyInstance, { db, callers }: ApiContext): Promise<void> {
  app.post<{ Body: AddOrganisationRequest }>(
    '/addOrganisation',
    { schema: endpointSchema('addOrganisation') },
    async (request) => {
      const { caller } = request;
      if (caller.organisationId !== null) {
        throw new ApiError(409, 'You already belong to an organisation.');
      }
      const name = request.body.name.trim();
      if (name === '') {
        throw invalidBody([{ pointer: '/name', message: 'must not be blank' }]);
      }
      const created = await db.transaction().execute(async (trx) => {
        const organisation = await trx
          .insertInto('organisations')
          .values({ name, created_by: caller.userId })
          .returning(['id', 'name'])
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('subscriptions')
          .values({ organisation_id: organisation.id, updated_at: new Date() })
          .execute();
        // Only an organisation-less user is moved in: two racing requests cannot leave one of them orphaned.
        const moved = await trx
          .updateTable('users')
          .set({ organisation_id: organisation.id, updated_at: new Date() })
          .where('id', '=', caller.userId)
          .where('organisation_id', 'is', null)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1)
          throw new ApiError(409, 'You already belong to an organisation.');
        return { organisation_id: organisation.id, name: organisation.name };
      });
      // After the commit: a request racing the transaction must not cache the caller without the organisation.
      callers.forgetUser(caller.userId);
      return created;
    },
  );
}
