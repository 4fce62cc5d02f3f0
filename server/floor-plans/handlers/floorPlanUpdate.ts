import { defineHandler } from '../../http/define-handler';
import { presentPlan, updatePlan } from '../floor-plans';

/** A plan's markers, zones, scale and name, saved as a whole. */
export default defineHandler('floorPlanUpdate', async ({ context, organisationId, caller, input }) => {
  const { id, baseRevision, ...content } = input;
  const row = await updatePlan(
    context.db,
    { organisationId, authorId: caller.userId },
    id,
    content,
    baseRevision,
  );
  return { plan: await presentPlan(context.db, row) };
});
