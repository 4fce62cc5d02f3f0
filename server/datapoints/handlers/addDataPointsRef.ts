import { defineHandler } from '../../http/define-handler';
import { addDataPoints } from '../add-points';

/** Creates data points, all or none. */
export default defineHandler('addDataPointsRef', async ({ context, organisationId, input }) => ({
  dataPoints: await addDataPoints(context.db, organisationId, input.dataPoints),
}));
