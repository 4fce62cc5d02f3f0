import type { QueryClient } from '@tanstack/react-query';
import type { Measure } from './measure';

/**
 * The mark of a query whose answer the tariffs price: a cost or CO2 series,
 * figure or bill. A change to any tariff changes what each of them says, on
 * whatever screen shows it, so each carries the mark and a tariff's write asks
 * every marked one again.
 */
export const PRICED = { pricedByTariffs: true } as const;

/** The mark for a read of `measure`: consumption is the meters' own, and no tariff changes it. */
export function pricedBy(measure: Measure | undefined): { meta?: typeof PRICED } {
  return measure === 'cost' || measure === 'co2' ? { meta: PRICED } : {};
}

/** Asks every priced answer on screen again, and marks the others in the cache as stale. */
export function tariffsChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => query.meta?.pricedByTariffs === true });
}
