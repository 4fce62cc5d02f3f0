import { defineHandler } from '../../http/define-handler';
import { storedReadings } from '../stored-readings';

/** A stored point's readings as kept, a page at a time. */
export default defineHandler('getChartDataByDateTimestream', async ({ context, organisationId, input }) =>
  storedReadings(context.db, organisationId, input),
);
