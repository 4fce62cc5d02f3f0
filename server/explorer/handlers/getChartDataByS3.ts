import { defineHandler } from '../../http/define-handler';
import { exportSeries } from '../export-series';
import { checkSeriesRequest } from '../series-request';

/** What a chart shows, every bucket, as CSV or XLSX in object storage. */
export default defineHandler('getChartDataByS3', async ({ context, organisationId, input }) => {
  const checked = await checkSeriesRequest(context.db, organisationId, input);
  return exportSeries(context.db, context.storage, checked, {
    format: input.format ?? 'csv',
    now: Date.now(),
  });
});
