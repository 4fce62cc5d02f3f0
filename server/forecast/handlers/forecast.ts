import { defineHandler } from '../../http/define-handler';
import { forecast } from '../forecast';

/** A data point's forecast from a model fitted on the training period asked for, for anyone in its organisation. */
export default defineHandler('forecast', async ({ context, organisationId, input }) =>
  forecast(context.db, organisationId, input, Date.now()),
);
