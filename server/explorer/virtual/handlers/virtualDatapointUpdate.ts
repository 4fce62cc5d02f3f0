import { defineHandler } from '../../../http/define-handler';
import { updateVirtualPoint } from '../virtual-points';

/** A virtual point's new name, formula, place or unit. */
export default defineHandler('virtualDatapointUpdate', async ({ context, organisationId, input }) => ({
  dataPoint: await updateVirtualPoint(context.db, organisationId, input),
}));
