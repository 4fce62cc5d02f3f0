import type { BenchmarkingRequest } from '../../src/generated/api-types';

export type Utility = BenchmarkingRequest['intent'];
export type Normaliser = NonNullable<BenchmarkingRequest['normaliser']>;

export const UTILITIES: readonly Utility[] = ['electricity', 'gas', 'water', 'heat'];
export const NORMALISERS: readonly Normaliser[] = ['area', 'heatingDegreeDays', 'coolingDegreeDays', 'none'];

/** The unit each utility is metered in, as the demo and most suppliers meter it. */
export const UTILITY_UNITS: Record<Utility, string> = {
  electricity: 'kWh',
  gas: 'm³',
  water: 'm³',
  heat: 'kWh',
};

/** How an intensity is said: "kWh/m²", "m³/HDD", "kWh". */
export function intensityUnit(unit: string, normaliser: Normaliser): string {
  if (normaliser === 'area') return `${unit}/m²`;
  if (normaliser === 'heatingDegreeDays') return `${unit}/HDD`;
  if (normaliser === 'coolingDegreeDays') return `${unit}/CDD`;
  return unit;
}
