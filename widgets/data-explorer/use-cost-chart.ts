import { useEffect, useState } from 'react';
import { costResolution, costSeries } from '../../src/data/cost-series';
import { api } from '../../src/generated/api-client';
import type { GetChartDataByDateResponse } from '../../src/generated/api-types';
import { pricedSeries } from './priced-series';
import type { ChartData } from './use-chart-data';
import type { Measure } from './view';

interface CostAnswer {
  key: string;
  data?: GetChartDataByDateResponse;
  message?: string;
}

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
 */
export function useCostChart(readings: ChartData, measure: Measure | undefined): CostChart {
  const response = measure && readings.status === 'loaded' ? readings.data : undefined;
  const priced = pricedSeries(response?.series ?? []);
  const bucket = costResolution(response?.resolution ?? 'day');
  const key = response
    ? `${measure}|${response.from}|${response.to}|${bucket}|${priced.map((serie) => serie.dataPointId).join(',')}`
    : '';
  const [answer, setAnswer] = useState<CostAnswer>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the request.
  useEffect(() => {
    if (!response || !measure) return;
    let current = true;
    const ask =
      priced.length === 0
        ? Promise.resolve({ points: [] })
        : api.tariffCostAndTime({
            dataPointIds: priced.map((serie) => serie.dataPointId),
            from: response.from,
            to: response.to,
            bucket,
          });
    ask.then(
      ({ points }) => {
        if (!current) return;
        const series = points
          .filter((cost) => cost.currency !== null)
          .map((cost) => costSeries(cost, measure, bucket));
        setAnswer({ key, data: { from: response.from, to: response.to, resolution: bucket, series } });
      },
      (error: Error) => current && setAnswer({ key, message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  if (!measure || readings.status !== 'loaded') return { state: readings, unpriced: 0 };
  if (answer?.key !== key) return { state: { status: 'loading' }, unpriced: 0 };
  if (!answer.data) return { state: { status: 'failed', message: answer.message ?? '' }, unpriced: 0 };
  return {
    state: { status: 'loaded', data: answer.data },
    unpriced: priced.length - answer.data.series.length,
  };
}
