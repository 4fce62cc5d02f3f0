import { defineHandler } from '../../http/define-handler';
import { updateNormaliser } from '../normalisers';

/** A benchmarking figure replaced with its values, by an editor or above. */
export default defineHandler('benchmarkNormaliserUpdate', async ({ context, organisationId, input }) => {
  const { id, ...figure } = input;
  return { normaliser: await updateNormaliser(context.db, organisationId, id, figure) };
});
