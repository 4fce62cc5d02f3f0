import { MAX_PRICED_POINTS } from '../../src/data/measure';
import type { ChartSeries } from '../../src/generated/api-types';

/**
 * The series a tariff can price, as many as one request takes: stored consumption. A temperature has no cost,
 * and a virtual point's inputs are priced themselves.
 */
export function pricedSeries(series: readonly ChartSeries[]): ChartSeries[] {
  return series
    .filter((serie) => serie.kind !== 'instantaneous' && !serie.virtual)
    .slice(0, MAX_PRICED_POINTS);
}
