import { defineHandler } from '../../http/define-handler';
import { addDataPoints } from '../add-points';
import { tellPointsChanged } from '../points-changed';

/** Creates data points, all or none. */
export default defineHandler('addDataPointsRef', async ({ context, organisationId, input }) => {
  const dataPoints = await addDataPoints(context.db, organisationId, input.dataPoints);
  tellPointsChanged(context.db, organisationId);
  return { dataPoints };
});
