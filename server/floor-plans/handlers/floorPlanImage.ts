import { defineHandler } from '../../http/define-handler';
import { storePlanImage } from '../../storage/images';
import { findPlan, presentPlan, replacePlanImage } from '../floor-plans';

/** A plan's new picture; its markers and zones stay where they are on it. */
export default defineHandler('floorPlanImage', async ({ context, organisationId, caller, input, file }) => {
  // A plan that is not the caller's is refused before anything is stored.
  await findPlan(context.db, organisationId, input.id);
  const image = await storePlanImage(context.storage, file);
  const { row, previousKey } = await replacePlanImage(
    context.db,
    { organisationId, authorId: caller.userId },
    input.id,
    image,
  );
  await context.storage.delete(previousKey);
  return { plan: await presentPlan(context.db, row) };
});
