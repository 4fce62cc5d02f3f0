import { defineHandler } from '../../http/define-handler';
import { findDataPoint } from '../list-points';
import { tellPointsChanged } from '../points-changed';
import { replaceDataPoint } from '../replace-point';

/** Changes a data point's fields, recomputing its readings when their meaning changes. */
export default defineHandler('replaceDataPoint', async ({ context, organisationId, input }) => {
  const { recomputed } = await replaceDataPoint(context.db, organisationId, input);
  tellPointsChanged(context.db, organisationId);
  return { dataPoint: await findDataPoint(context.db, organisationId, input.dataPointId), recomputed };
});
