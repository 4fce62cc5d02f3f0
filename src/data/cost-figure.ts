import type { QueryClient } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { PointCost } from '../generated/api-types';
import type { FigureRequest, FigureResult } from './figure-types';
import { CO2_UNIT, MAX_PRICED_POINTS } from './measure';
import { isoWindow, type TimeWindow } from './periods';
import { fetchPoints } from './points';

/**
 * The cost or CO2 of the selected data points in the period and the one
 * before, each point priced by its own tariff (tariffCostAndTime): totals
 * add up within the first currency met; points priced in another currency,
 * and points no tariff prices, are counted and said, never added in.
 */
export async function costFigure(
  client: QueryClient,
  request: FigureRequest,
  measure: 'cost' | 'co2',
  current: TimeWindow,
  previous: TimeWindow,
): Promise<FigureResult> {
  const resolved = await fetchPoints(client, request);
  const { missing, unmatchedTags } = resolved;
  // A virtual point is made of others: priced beside them, its inputs would be counted twice.
  const points = resolved.points.filter((point) => !point.virtual);
  if (points.length === 0) return { kind: 'no-points', missing, intent: request.intent, unit: request.unit };
  const ids = points.map((point) => point.id);
  const [now, before] = await Promise.all([pointCosts(ids, current), pointCosts(ids, previous)]);
  const currency = now.find((cost) => cost.currency !== null)?.currency ?? null;
  const counted = (cost: PointCost) =>
    cost.currency !== null && (measure === 'co2' || cost.currency === currency);
  // A period whose priced meters read nothing has no figure: its standing charges alone are not what it cost.
  const figureOf = (costs: PointCost[]) => {
    const priced = costs.filter(counted);
    if (!priced.some((cost) => cost.buckets.some((bucket) => bucket.consumption !== 0))) return null;
    return priced.reduce((sum, cost) => sum + (measure === 'co2' ? cost.co2Kg : cost.total), 0);
  };
  const unpricedPoints = now.filter((cost) => cost.currency === null).length;
  const otherCurrency =
    measure === 'cost' ? now.filter((cost) => cost.currency !== null && !counted(cost)).length : 0;
  return {
    kind: 'figure',
    value: figureOf(now),
    previous: figureOf(before),
    dataPointIds: ids,
    unit: measure === 'co2' ? CO2_UNIT : (currency ?? ''),
    ...(unpricedPoints > 0 ? { unpricedPoints } : {}),
    ...(otherCurrency > 0 ? { otherCurrencyPoints: otherCurrency } : {}),
    ...(unmatchedTags ? { unmatchedTags } : {}),
  };
}

async function pointCosts(ids: number[], window: TimeWindow): Promise<PointCost[]> {
  const batches = Array.from({ length: Math.ceil(ids.length / MAX_PRICED_POINTS) }, (_, index) =>
    ids.slice(index * MAX_PRICED_POINTS, (index + 1) * MAX_PRICED_POINTS),
  );
  const answers = await Promise.all(
    batches.map((dataPointIds) =>
      api.tariffCostAndTime({ dataPointIds, ...isoWindow(window), bucket: 'month' }),
    ),
  );
  return answers.flatMap((answer) => {
    if (!Array.isArray(answer?.points)) throw new Error('the server sent no costs');
    return answer.points;
  });
}
