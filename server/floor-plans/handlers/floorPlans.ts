import { defineHandler } from '../../http/define-handler';
import { listPlans } from '../floor-plans';

/** The organisation's floor plans. */
export default defineHandler('floorPlans', async ({ context, organisationId }) => ({
  plans: await listPlans(context.db, organisationId),
}));
