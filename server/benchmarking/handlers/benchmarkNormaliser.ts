import { defineHandler } from '../../http/define-handler';
import { createNormaliser } from '../normalisers';

/** A new benchmarking figure, by an editor or above. */
export default defineHandler('benchmarkNormaliser', async ({ context, organisationId, input }) => ({
  normaliser: await createNormaliser(context.db, organisationId, input),
}));
