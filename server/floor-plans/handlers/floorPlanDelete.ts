import { defineHandler } from '../../http/define-handler';
import { findPlan } from '../floor-plans';

/** Removes a plan, then its picture. */
export default defineHandler('floorPlanDelete', async ({ context, organisationId, input }) => {
  const plan = await findPlan(context.db, organisationId, input.id);
  await context.db.deleteFrom('floor_plans').where('id', '=', plan.id).execute();
  await context.storage.delete(plan.image_key);
  return { deleted: plan.id };
});
