import type { TariffUtility, TariffVersion } from '../../src/generated/api-types';

/** A tariff the demo organisation has, assigned to the whole organisation. */
export interface DemoTariff {
  name: string;
  utility: TariffUtility;
  unit: string;
  currency: string;
  versions: TariffVersion[];
}

/** 12 months of 24 hours: `inside` from `from` to before `to`, `outside` the rest. */
function hours(from: number, to: number, inside: number, outside: number): number[][] {
  return Array.from({ length: 12 }, () =>
    Array.from({ length: 24 }, (_, hour) => (hour >= from && hour < to ? inside : outside)),
  );
}

const UK_BANK_HOLIDAYS = ['2025-12-25', '2025-12-26', '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04'];

/**
 * What the demo's meters cost: a UK business electricity tariff with a
 * weekday day rate from 07:00 to 23:00, a price rise in April 2026, a
 * standing charge, the Climate Change Levy, VAT and the grid's average CO₂
 * factor; gas at one rate. Only made-up prices, in the shape suppliers quote
 * them, so the dashboard's cost and CO₂ figures show from the first start.
 */
export const DEMO_TARIFFS: readonly DemoTariff[] = [
  {
    name: 'Business electricity (day/night)',
    utility: 'electricity',
    unit: 'kWh',
    currency: 'GBP',
    versions: [
      electricityVersion('2024-01-01', '2026-04-01', 0.2245, 0.1512, 0.62),
      electricityVersion('2026-04-01', null, 0.2318, 0.1547, 0.65),
    ],
  },
  {
    name: 'Business gas',
    utility: 'gas',
    unit: 'm³',
    currency: 'GBP',
    versions: [
      {
        validFrom: '2024-01-01',
        validTo: null,
        windows: [{ name: 'All hours', tiers: [{ upTo: null, price: 0.61 }] }],
        schedule: { weekday: hours(0, 24, 0, 0), weekend: hours(0, 24, 0, 0) },
        standingPerDay: 0.32,
        taxes: [{ name: 'VAT', percent: 20 }],
        emissions: { kgPerUnit: 2.02 },
      },
    ],
  },
];

function electricityVersion(
  validFrom: string,
  validTo: string | null,
  day: number,
  night: number,
  standingPerDay: number,
): TariffVersion {
  return {
    validFrom,
    validTo,
    windows: [
      { name: 'Night', tiers: [{ upTo: null, price: night }] },
      { name: 'Day', tiers: [{ upTo: null, price: day }] },
    ],
    schedule: { weekday: hours(7, 23, 1, 0), weekend: hours(0, 24, 0, 0) },
    holidays: UK_BANK_HOLIDAYS,
    standingPerDay,
    taxes: [
      { name: 'Climate Change Levy', perUnit: 0.00775 },
      { name: 'VAT', percent: 20 },
    ],
    emissions: { kgPerUnit: 0.207 },
  };
}
