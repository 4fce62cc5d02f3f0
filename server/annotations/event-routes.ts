import type { FastifyInstance } from 'fastify';
import type {
  DataExplorerEventCreateRequest,
  DataExplorerEventDeleteRequest,
  DataExplorerEventRequest,
} from '../../src/generated/api-types';
import { isDatabaseId } from '../saved-views/database-id';
import type { ApiContext } from '../http/api-context';
import { ApiError } from '../http/api-error';
import { endpointSchema } from '../http/api-schema';
import { callerOrganisation } from '../organisations/membership';
import { addEvent } from './add-event';
import { listEvents } from './events';

/** Events on the organisation's timeline: list, add, remove. */
export async function eventRoutes(app: FastifyInstance, { db }: ApiContext): Promise<void> {
  const list = endpointSchema('dataExplorerEvent');
  app.get<{ Querystring: DataExplorerEventRequest }>(
    '/dataExplorerEvent',
    { schema: { querystring: list.body, response: list.response, description: list.description } },
    async (request) => ({
      events: await listEvents(db, callerOrganisation(request.caller), request.query),
    }),
  );

  app.post<{ Body: DataExplorerEventCreateRequest }>(
    '/dataExplorerEvent',
    { schema: endpointSchema('dataExplorerEventCreate') },
    async (request) => ({
      event: await addEvent(db, callerOrganisation(request.caller), request.caller.userId, request.body),
    }),
  );

  const remove = endpointSchema('dataExplorerEventDelete');
  app.delete<{ Params: DataExplorerEventDeleteRequest }>(
    '/dataExplorerEvent/:id',
    { schema: { params: remove.body, response: remove.response, description: remove.description } },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const id = Number(request.params.id);
      const deleted = isDatabaseId(id)
        ? await db
            .deleteFrom('explorer_events')
            .where('id', '=', id)
            .where('organisation_id', '=', organisationId)
            .executeTakeFirst()
        : undefined;
      // 404 rather than 403: the browser signs out on 403, and another organisation's event must look like none.
      if (!deleted || Number(deleted.numDeletedRows) === 0) {
        throw new ApiError(404, `Event ${request.params.id} was not found in your organisation.`);
      }
      return { deleted: id };
    },
  );
}
