import { defineHandler } from '../../../http/define-handler';
import { deleteVirtualPoint } from '../virtual-points';

/** Removes a virtual point no other formula reads. */
export default defineHandler('virtualDatapointDelete', async ({ context, organisationId, input }) =>
  deleteVirtualPoint(context.db, organisationId, input.id),
);
