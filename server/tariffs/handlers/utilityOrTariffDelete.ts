import { defineHandler } from '../../http/define-handler';
import { deleteTariff } from '../tariffs';

/** A tariff and its assignments gone, by an admin or the owner. */
export default defineHandler('utilityOrTariffDelete', async ({ context, organisationId, input }) => {
  await deleteTariff(context.db, organisationId, input.id);
  return { deleted: input.id };
});
