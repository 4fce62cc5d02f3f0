import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChartSeries, PointCost } from '../../src/generated/api-types';
import { fromQuery } from '../../src/ui/data-state';
import { periodCostsQuery } from './data';
import { pricedSeries } from './priced-series';

/** What each shown consumption series cost over the period, by data point (none while loading), or why not. */
export interface PeriodCosts {
  costs: ReadonlyMap<number, PointCost>;
  failure?: string;
}

/**
 * The cost and CO2 of the series a tariff can price (pricedSeries), over the
 * period the chart shows, each by its own tariff. One request per period and set of
 * points, none without a series to price; a failure is said under the table, and the chart stays.
 */
export function usePeriodCosts(
  series: readonly ChartSeries[] | undefined,
  from: string,
  to: string,
): PeriodCosts {
  const ids = pricedSeries(series ?? []).map((serie) => serie.dataPointId);
  const state = fromQuery(
    useQuery(periodCostsQuery(ids.length > 0 ? { dataPointIds: ids, from, to } : null)),
  );
  // Kept while the answer is the same: the summary table is memoised on them.
  const answer = state.status === 'loaded' ? state.data : undefined;
  const failure = state.status === 'failed' ? state.message : undefined;
  const costs = useMemo(
    () => new Map((answer?.points ?? []).map((cost) => [cost.dataPointId, cost])),
    [answer],
  );
  return useMemo(() => (failure ? { costs, failure } : { costs }), [costs, failure]);
}
