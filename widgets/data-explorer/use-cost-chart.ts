import { useQuery } from '@tanstack/react-query';
import { costResolution } from '../../src/data/cost-series';
import { type CostChartRequest, costChartQuery } from './data';
import { pricedSeries } from './priced-series';
import { type ChartData, chartDataOf } from './use-chart-data';
import type { Measure } from './view';

/** What the cost chart draws, and how many of the series no tariff prices (left out). */
export interface CostChart {
  state: ChartData;
  unpriced: number;
}

/**
 * The chart's series as what they cost, or the CO2 they brought, per hour, day
 * or month over the period the readings were served for: each series a
 * tariff can price (pricedSeries) by its tariff. The readings come first, for
 * the period, the resolution and which series consume; then their prices.
 * While either is on its way, the last cost chart is drawn dimmed.
 */
export function useCostChart(readings: ChartData, measure: Measure | undefined): CostChart {
  const response = measure && readings.status === 'loaded' ? readings.data : undefined;
  const priced = pricedSeries(response?.series ?? []);
  const request: CostChartRequest | null =
    response && measure
      ? {
          dataPointIds: priced.map((serie) => serie.dataPointId),
          from: response.from,
          to: response.to,
          bucket: costResolution(response.resolution),
          measure,
        }
      : null;
  const query = useQuery(costChartQuery(request));
  if (!measure || readings.status === 'idle' || readings.status === 'failed') {
    return { state: readings, unpriced: 0 };
  }
  if (readings.status === 'loading') return { state: { status: 'loading', shown: query.data }, unpriced: 0 };
  const state = chartDataOf(query, '');
  return {
    state,
    unpriced: state.status === 'loaded' ? priced.length - state.data.series.length : 0,
  };
}
