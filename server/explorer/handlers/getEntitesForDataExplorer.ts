import { defineHandler } from '../../http/define-handler';
import { explorerEntities } from '../explorer-entities';

/** Every data point the Data Explorer can pick, with its place in the tree; by search text or tags. */
export default defineHandler('getEntitesForDataExplorer', async ({ context, organisationId, input }) =>
  explorerEntities(context.db, organisationId, input),
);
