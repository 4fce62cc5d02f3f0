import { defineHandler } from '../../http/define-handler';
import { storePlanImage } from '../../storage/images';
import { createPlan, presentPlan } from '../floor-plans';

/** A new floor plan from its picture; the picture is dropped again when the plan cannot be made. */
export default defineHandler('floorPlanCreate', async ({ context, organisationId, caller, input, file }) => {
  const image = await storePlanImage(context.storage, file);
  try {
    const row = await createPlan(
      context.db,
      { organisationId, authorId: caller.userId },
      { entityId: input.entityId, name: input.name, image },
    );
    return { plan: await presentPlan(context.db, row) };
  } catch (error) {
    await context.storage.delete(image.key);
    throw error;
  }
});
