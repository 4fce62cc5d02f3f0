import { defineHandler } from '../../http/define-handler';
import { addEntity } from '../add-entity';
import { entityView } from '../entity-view';

/** Adds a site, or a place under one of the organisation's entities. */
export default defineHandler('addEntity', async ({ context, organisationId, input }) => {
  const id = await addEntity(context.db, organisationId, input);
  return { entity: await entityView(context.db, organisationId, id) };
});
