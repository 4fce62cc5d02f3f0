import type { QueryClient } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { ChartSeries, PointCost } from '../generated/api-types';
import { CO2_UNIT, MAX_PRICED_POINTS } from './measure';
import { isoWindow, windowsOf } from './periods';
import { fetchPoints } from './points';
import type { Resolution } from './resolution';
import type { SeriesRequest, SeriesResult } from './series-types';

const STEP_MS = { hour: 3_600_000, day: 86_400_000, month: 30 * 86_400_000 } as const;

/** The bucket cost is priced in for a chart's resolution: tariffs price whole hours, days and months. */
export function costResolution(resolution: Resolution | 'raw'): 'hour' | 'day' | 'month' {
  if (resolution === 'raw' || resolution === '15min' || resolution === 'hour') return 'hour';
  return resolution === 'month' ? 'month' : 'day';
}

/**
 * What the selected meters cost (or the CO2 they brought) per bucket of the period, by their tariffs, as chart
 * series in the currency (or kg CO2): one per priced meter; meters no tariff prices are counted, not drawn.
 */
export async function fetchCostSeries(
  client: QueryClient,
  request: SeriesRequest,
  measure: 'cost' | 'co2',
  now: Date = new Date(),
): Promise<SeriesResult> {
  const window = windowsOf(request.period, now).current;
  const resolved = await fetchPoints(client, request);
  // A virtual point is made of others: priced, its inputs would be counted twice.
  const points = resolved.points.filter((point) => !point.virtual);
  const { missing, unmatchedTags } = resolved;
  if (points.length === 0) return { series: [], from: window.from, missing, leftOut: 0 };
  const shown = points.slice(0, Math.min(request.limit, MAX_PRICED_POINTS));
  const bucket = costResolution(request.resolution);
  const answer = await api.tariffCostAndTime({
    dataPointIds: shown.map((point) => point.id),
    ...isoWindow(window),
    bucket,
  });
  if (!answer || !Array.isArray(answer.points)) throw new Error('the server sent no costs');
  // Priced by a tariff, or a virtual point by its inputs' tariffs (tariffId null, a currency all the same).
  const priced = answer.points.filter((cost) => cost.currency !== null);
  const unpricedPoints = answer.points.length - priced.length;
  return {
    series: priced.map((cost) => costSeries(cost, measure, bucket)),
    from: window.from,
    missing,
    leftOut: points.length - shown.length,
    ...(unpricedPoints > 0 ? { unpricedPoints } : {}),
    ...(unmatchedTags ? { unmatchedTags } : {}),
  };
}

/** One priced point's cost or CO2 per bucket as a chart series, in its currency or kg CO2. */
export function costSeries(
  cost: PointCost,
  measure: 'cost' | 'co2',
  bucket: keyof typeof STEP_MS,
): ChartSeries {
  const values = cost.buckets.map((each) => (measure === 'co2' ? each.co2Kg : each.total));
  const total = values.reduce((sum, value) => sum + value, 0);
  return {
    dataPointId: cost.dataPointId,
    name: cost.name,
    unit: measure === 'co2' ? CO2_UNIT : (cost.currency as string),
    kind: 'interval',
    virtual: false,
    aggregate: 'sum',
    timeZone: cost.timeZone,
    points: {
      t: cost.buckets.map((each) => Date.parse(each.start)),
      v: values,
      reduced: false,
      step: STEP_MS[bucket],
    },
    summary: {
      min: values.length > 0 ? Math.min(...values) : null,
      max: values.length > 0 ? Math.max(...values) : null,
      mean: values.length > 0 ? total / values.length : null,
      total: values.length > 0 ? total : null,
      coverage: 100,
      buckets: values.length,
    },
  };
}
