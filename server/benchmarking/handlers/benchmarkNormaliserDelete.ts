import { defineHandler } from '../../http/define-handler';
import { deleteNormaliser } from '../normalisers';

/** A benchmarking figure and its values gone, by an admin or the owner. */
export default defineHandler('benchmarkNormaliserDelete', async ({ context, organisationId, input }) => {
  await deleteNormaliser(context.db, organisationId, input.id);
  return { deleted: input.id };
});
