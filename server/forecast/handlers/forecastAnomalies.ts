import { defineHandler } from '../../http/define-handler';
import { forecastAnomalies } from '../anomalies';

/** The readings each point's own history did not lead one to expect, for anyone in its organisation. */
export default defineHandler('forecastAnomalies', async ({ context, organisationId, input }) =>
  forecastAnomalies(context.db, organisationId, input, Date.now()),
);
