import { defineHandler } from '../../http/define-handler';
import { updateTariff } from '../save-tariff';

/** A tariff replaced whole, by an editor or above. */
export default defineHandler('utilityOrTariffUpdate', async ({ context, organisationId, input }) => {
  const { id, ...tariff } = input;
  return { tariff: await updateTariff(context.db, organisationId, id, tariff) };
});
