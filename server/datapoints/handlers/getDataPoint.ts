import { defineHandler } from '../../http/define-handler';
import { listDataPoints } from '../list-points';

/** The organisation's data points: one by id, those on an entity and under it, or those matching a search. */
export default defineHandler('getDataPoint', async ({ context, organisationId, input }) => ({
  dataPoints: await listDataPoints(context.db, organisationId, input),
}));
