import { defineHandler } from '../../../http/define-handler';
import { createVirtualPoint } from '../virtual-points';

/** A new virtual data point: a formula over the organisation's points. */
export default defineHandler('virtualDatapoint', async ({ context, organisationId, input }) => ({
  dataPoint: await createVirtualPoint(context.db, organisationId, input),
}));
