import type { ChartSeries, GetChartDataByDateResponse } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { TYPICAL_STEP_MS } from './calendar';
import { type ComputedSeries, computeSeries } from './compute-series';
import { columnEnds } from './pixel-columns';
import { previousPeriod } from './previous-period';
import { reduceToColumns } from './reduce';
import type { CheckedSeriesRequest } from './series-request';

/** getChartDataByDate: each series reduced to the chart's width, with its summary, and the previous period if asked. */
export async function chartData(
  db: Database,
  request: CheckedSeriesRequest,
  options: { width: number; compare: boolean; now: number },
): Promise<GetChartDataByDateResponse> {
  const query = { ...request, now: options.now, width: options.width };
  const current = await computeSeries(db, request.graph, request.points, query);
  const from = Math.min(...current.map((series) => series.span.from));
  const to = Math.max(...current.map((series) => series.span.to));
  const before = options.compare
    ? previousPeriod(request.resolution, request.points[0]?.timeZone ?? 'UTC', from, to)
    : undefined;
  const previous = before
    ? await computeSeries(db, request.graph, request.points, { ...query, from: before.from, to: before.to })
    : undefined;
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    resolution: request.resolution,
    series: current.map((series, index): ChartSeries => {
      const earlier = previous?.[index];
      return {
        ...seriesMeta(series),
        points: points(series, series.span.from, series.span.to, options.width, request.resolution),
        summary: series.summary,
        ...(earlier && before
          ? {
              previous: {
                from: new Date(earlier.span.from).toISOString(),
                to: new Date(earlier.span.to).toISOString(),
                points: points(
                  shifted(earlier, series.span.from - earlier.span.from),
                  series.span.from,
                  series.span.to,
                  options.width,
                  request.resolution,
                ),
                summary: earlier.summary,
              },
            }
          : {}),
      };
    }),
  };
}

export function seriesMeta(series: ComputedSeries) {
  return {
    dataPointId: series.point.id,
    name: series.point.name,
    unit: series.point.unit,
    kind: series.kind,
    virtual: series.virtual,
    aggregate: series.aggregate,
    timeZone: series.point.timeZone,
  };
}

function points(
  series: ComputedSeries,
  from: number,
  to: number,
  width: number,
  resolution: keyof typeof TYPICAL_STEP_MS,
) {
  const { t, v } = series.series;
  const reduced =
    series.series.reduced || t.length <= width
      ? { t, v, reduced: series.series.reduced ?? false }
      : reduceToColumns(series.series, columnEnds(resolution, series.point.timeZone, from, to, width));
  return { t: reduced.t, v: reduced.v, reduced: reduced.reduced, step: TYPICAL_STEP_MS[resolution] };
}

/** The previous period's series laid over this period's times, so both draw on one axis. */
function shifted(series: ComputedSeries, byMs: number): ComputedSeries {
  return { ...series, series: { ...series.series, t: series.series.t.map((t) => t + byMs) } };
}
