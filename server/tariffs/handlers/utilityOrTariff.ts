import { defineHandler } from '../../http/define-handler';
import { createTariff } from '../save-tariff';

/** A new tariff, by an editor or above. */
export default defineHandler('utilityOrTariff', async ({ context, organisationId, caller, input }) => ({
  tariff: await createTariff(context.db, { organisationId, userId: caller.userId }, input),
}));
