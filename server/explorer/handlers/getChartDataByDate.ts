import { defineHandler } from '../../http/define-handler';
import { chartData } from '../chart-data';
import { checkSeriesRequest } from '../series-request';

/** The series a chart draws, at most two values per pixel column, with the previous period if asked. */
export default defineHandler('getChartDataByDate', async ({ context, organisationId, input }) => {
  const width = input.width ?? 1000;
  const checked = await checkSeriesRequest(context.db, organisationId, input, width);
  return chartData(context.db, checked, { width, compare: input.compare ?? false, now: Date.now() });
});
