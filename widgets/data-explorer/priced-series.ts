import { MAX_PRICED_POINTS } from '../../src/data/measure';
import type { ChartSeries } from '../../src/generated/api-types';

/**
 * The series a tariff can price, as many as one request takes: consumption, stored or virtual (a virtual point
 * costs what the points it adds up cost, added up the same way). A temperature has no cost.
 */
export function pricedSeries(series: readonly ChartSeries[]): ChartSeries[] {
  return series.filter((serie) => serie.kind !== 'instantaneous').slice(0, MAX_PRICED_POINTS);
}
