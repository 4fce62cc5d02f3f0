import type { ExplorerSummaryResponse } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { seriesMeta } from './chart-data';
import { computeSeries } from './compute-series';
import { previousPeriod } from './previous-period';
import type { CheckedSeriesRequest } from './series-request';

/** explorerSummary: each point's figures over the period and, if asked, the period before. */
export async function explorerSummaries(
  db: Database,
  request: CheckedSeriesRequest,
  options: { compare: boolean; now: number },
): Promise<ExplorerSummaryResponse> {
  const query = { ...request, now: options.now };
  const current = await computeSeries(db, request.graph, request.points, query);
  const from = Math.min(...current.map((series) => series.span.from));
  const to = Math.max(...current.map((series) => series.span.to));
  const before = options.compare
    ? previousPeriod(request.resolution, request.points[0]?.timeZone ?? 'UTC', from, to)
    : undefined;
  const previous = before
    ? await computeSeries(db, request.graph, request.points, { ...query, ...before })
    : undefined;
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    resolution: request.resolution,
    summaries: current.map((series, index) => ({
      ...seriesMeta(series),
      current: series.summary,
      previous: previous?.[index]?.summary ?? null,
    })),
  };
}
