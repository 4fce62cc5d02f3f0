import { defineHandler } from '../../http/define-handler';
import { loadEntityInTree } from '../places';
import { presentEntity, presentPath } from '../present';

/** One entity with the path down to it and the entities directly under it. */
export default defineHandler('site', async ({ context, organisationId, input }) => {
  const { row, tree } = await loadEntityInTree(context.db, organisationId, input.entityId);
  return {
    entity: presentEntity(row, tree),
    path: presentPath(row, tree),
    children: tree.children(row.id).map((child) => presentEntity(child, tree)),
    ownDataPointCount: row.own_points,
  };
});
