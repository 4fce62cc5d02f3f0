import type { BenchmarkingRequest } from '../../src/generated/api-types';

export type Utility = BenchmarkingRequest['intent'];
export type Normaliser = NonNullable<BenchmarkingRequest['normaliser']>;
/** What the "Per" choice holds: a built-in normaliser, or one of the organisation's own figures by id. */
export type PerChoice = Exclude<Normaliser, 'custom'> | `custom:${number}`;

export const UTILITIES: readonly Utility[] = ['electricity', 'gas', 'water', 'heat'];
export const BUILT_IN_NORMALISERS: readonly Exclude<Normaliser, 'custom'>[] = [
  'area',
  'heatingDegreeDays',
  'coolingDegreeDays',
  'none',
];

/** The unit each utility is metered in, as the demo and most suppliers meter it. */
export const UTILITY_UNITS: Record<Utility, string> = {
  electricity: 'kWh',
  gas: 'm³',
  water: 'm³',
  heat: 'kWh',
};

/** The request's normaliser (and figure) for a "Per" choice. */
export function normaliserOf(choice: PerChoice): Pick<BenchmarkingRequest, 'normaliser' | 'normaliserId'> {
  return choice.startsWith('custom:')
    ? { normaliser: 'custom', normaliserId: Number(choice.slice('custom:'.length)) }
    : { normaliser: choice as Exclude<Normaliser, 'custom'> };
}

export const figureChoice = (id: number): PerChoice => `custom:${id}`;

/** How an intensity is said: "kWh/m²", "m³/HDD", "kWh/person", "kWh". */
export function intensityUnit(unit: string, normaliser: Normaliser, figureUnit?: string): string {
  if (normaliser === 'area') return `${unit}/m²`;
  if (normaliser === 'heatingDegreeDays') return `${unit}/HDD`;
  if (normaliser === 'coolingDegreeDays') return `${unit}/CDD`;
  if (normaliser === 'custom' && figureUnit) return `${unit}/${figureUnit}`;
  return unit;
}
