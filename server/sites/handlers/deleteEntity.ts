import { tellPointsChanged } from '../../datapoints/points-changed';
import { defineHandler } from '../../http/define-handler';
import { deleteEntity } from '../delete-entity';

/** Deletes one of the organisation's places with everything under it, or says what would go. */
export default defineHandler('deleteEntity', async ({ context, organisationId, input }) => {
  const { deletion, imageKeys } = await deleteEntity(context.db, organisationId, input);
  if (deletion.deleted) tellPointsChanged(context.db, organisationId);
  // Pictures go once the places are gone for good; one left behind would only take space.
  for (const key of imageKeys) await context.storage.delete(key);
  return deletion;
});
