import { defineHandler } from '../../http/define-handler';
import { keptModels } from '../kept-models';

/** The organisation's kept forecast models, for anyone in it. */
export default defineHandler('forecastModels', async ({ context, organisationId }) => ({
  models: await keptModels(context.db, organisationId, Date.now()),
}));
