import type { FastifyInstance } from 'fastify';
import type {
  AddExplorerRequest,
  DeleteDataExplorerRequest,
  UpdateDataExplorerRequest,
} from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { endpointSchema } from '../http/api-schema';
import { callerOrganisation } from '../organisations/membership';
import { isDatabaseId } from './database-id';
import { addExplorer, updateExplorer } from './save-explorer';
import { explorerNotFound, findExplorer, listExplorers } from './saved-explorers';

/** Saved Data Explorer views, shared with the whole organisation: list, save, change, delete. */
export async function savedExplorerRoutes(app: FastifyInstance, { db }: ApiContext): Promise<void> {
  app.post('/getDateExplorer', { schema: endpointSchema('getDateExplorer') }, async (request) => ({
    explorers: await listExplorers(db, callerOrganisation(request.caller)),
  }));

  app.post<{ Body: AddExplorerRequest }>(
    '/addExplorer',
    { schema: endpointSchema('addExplorer') },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const id = await addExplorer(db, organisationId, request.caller.userId, request.body);
      return { explorer: await findExplorer(db, organisationId, id) };
    },
  );

  app.post<{ Body: UpdateDataExplorerRequest }>(
    '/updateDataExplorer',
    { schema: endpointSchema('updateDataExplorer') },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      await updateExplorer(db, organisationId, request.body);
      return { explorer: await findExplorer(db, organisationId, request.body.id) };
    },
  );

  app.post<{ Body: DeleteDataExplorerRequest }>(
    '/deleteDataExplorer',
    { schema: endpointSchema('deleteDataExplorer') },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const { id } = request.body;
      // Bookmarks made from the view go with it, by the foreign key's cascade.
      const deleted = isDatabaseId(id)
        ? await db
            .deleteFrom('data_explorers')
            .where('id', '=', id)
            .where('organisation_id', '=', organisationId)
            .executeTakeFirst()
        : undefined;
      if (!deleted || Number(deleted.numDeletedRows) === 0) throw explorerNotFound(id);
      return { deleted: id };
    },
  );
}
