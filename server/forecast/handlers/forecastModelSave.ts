import { defineHandler } from '../../http/define-handler';
import { keepModel } from '../kept-models';

/** Keeps a point's forecast model and has the job runner fit it now; editors and up. */
export default defineHandler('forecastModelSave', async ({ context, organisationId, caller, input }) => {
  const model = await keepModel(context.db, organisationId, caller.userId, input, Date.now());
  await context.refitForecastModelsNow();
  return { model };
});
