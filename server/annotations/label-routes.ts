import type { FastifyInstance } from 'fastify';
import type {
  DataExplorerLabelCreateRequest,
  DataExplorerLabelDeleteRequest,
  DataExplorerLabelRequest,
} from '../../src/generated/api-types';
import { isDatabaseId } from '../saved-views/database-id';
import type { ApiContext } from '../http/api-context';
import { ApiError } from '../http/api-error';
import { endpointSchema } from '../http/api-schema';
import { callerOrganisation } from '../organisations/membership';
import { addLabel } from './add-label';
import { listLabels } from './labels';

/** Labels on spans of data points' data, shared with the organisation: list, add, remove. */
export async function labelRoutes(app: FastifyInstance, { db }: ApiContext): Promise<void> {
  const list = endpointSchema('dataExplorerLabel');
  app.get<{ Querystring: DataExplorerLabelRequest }>(
    '/dataExplorerLabel',
    { schema: { querystring: list.body, response: list.response, description: list.description } },
    async (request) => ({
      labels: await listLabels(db, callerOrganisation(request.caller), request.query),
    }),
  );

  app.post<{ Body: DataExplorerLabelCreateRequest }>(
    '/dataExplorerLabel',
    { schema: endpointSchema('dataExplorerLabelCreate') },
    async (request) => ({
      label: await addLabel(db, callerOrganisation(request.caller), request.caller.userId, request.body),
    }),
  );

  const remove = endpointSchema('dataExplorerLabelDelete');
  app.delete<{ Params: DataExplorerLabelDeleteRequest }>(
    '/dataExplorerLabel/:id',
    { schema: { params: remove.body, response: remove.response, description: remove.description } },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const id = Number(request.params.id);
      const deleted = isDatabaseId(id)
        ? await db
            .deleteFrom('explorer_labels')
            .where('id', '=', id)
            .where('organisation_id', '=', organisationId)
            .executeTakeFirst()
        : undefined;
      // 404 rather than 403: the browser signs out on 403, and another organisation's label must look like none.
      if (!deleted || Number(deleted.numDeletedRows) === 0) {
        throw new ApiError(404, `Label ${request.params.id} was not found in your organisation.`);
      }
      return { deleted: id };
    },
  );
}
