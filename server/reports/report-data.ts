import type { ReportDataResponse, ReportScope } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { exportSeries } from '../explorer/export-series';
import { checkSeriesRequest } from '../explorer/series-request';
import { ApiError } from '../http/api-error';
import type { ObjectStorage } from '../storage/object-storage';
import { doneRun, runFileStem } from './pdf-links';
import { pointsOfScope } from './reports';

/**
 * The data behind one of the organisation's runs, made now: each data point
 * of its report's scope, day by day over the run's period, as CSV or XLSX in
 * object storage (the explorer's export, at a day's resolution). Another
 * organisation's run is not found; a run not done is a 409 saying why.
 */
export async function reportData(
  db: Database,
  storage: ObjectStorage,
  organisationId: number,
  { runId, format = 'csv' }: { runId: number; format?: 'csv' | 'xlsx' },
): Promise<ReportDataResponse> {
  const run = await doneRun(db, organisationId, runId, { has: 'no data to give', gives: 'its data' });
  const dataPointIds = await pointsOfScope(db, organisationId, run.scope as ReportScope);
  if (dataPointIds.length === 0)
    throw new ApiError(409, "The report's scope has no data points now: its sites or points were deleted.");
  const checked = await checkSeriesRequest(db, organisationId, {
    dataPointIds,
    from: new Date(run.period_from).toISOString(),
    to: new Date(run.period_to).toISOString(),
    resolution: 'day',
  });
  return exportSeries(db, storage, checked, {
    format,
    now: Date.now(),
    fileName: runFileStem(run.title, run.period_from, run.period_to, run.time_zone),
  });
}
