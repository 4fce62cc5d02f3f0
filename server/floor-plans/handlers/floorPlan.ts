import { defineHandler } from '../../http/define-handler';
import { findPlan, presentPlan } from '../floor-plans';

/** One floor plan, with what its points show now. */
export default defineHandler('floorPlan', async ({ context, organisationId, input }) => ({
  plan: await presentPlan(context.db, await findPlan(context.db, organisationId, input.id)),
}));
