import { defineHandler } from '../../http/define-handler';
import { forgetModel } from '../kept-models';

/** Stops keeping a forecast model; editors and up. */
export default defineHandler('forecastModelDelete', async ({ context, organisationId, input }) => ({
  deleted: await forgetModel(context.db, organisationId, input.id),
}));
