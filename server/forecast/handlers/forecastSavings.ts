import { defineHandler } from '../../http/define-handler';
import { forecastSavings } from '../savings';

/** Energy avoided against a baseline model, with its uncertainty and cost, for anyone in the point's organisation. */
export default defineHandler('forecastSavings', async ({ context, organisationId, input }) =>
  forecastSavings(context.db, organisationId, input, Date.now()),
);
