import { defineHandler } from '../../http/define-handler';
import { entityView } from '../entity-view';
import { updateEntity } from '../update-entity';

/** Renames, retags, moves or edits one of the organisation's entities. */
export default defineHandler('updateEntity', async ({ context, organisationId, input }) => {
  await updateEntity(context.db, organisationId, input);
  return { entity: await entityView(context.db, organisationId, input.entityId) };
});
