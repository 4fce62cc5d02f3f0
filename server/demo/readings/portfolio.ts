/**
 * The demo organisation's estate: three sites, their buildings, floors,
 * zones, rooms, metering assets and weather stations, and the data points
 * the series generator (`series.ts`) produces readings for. Each site's
 * weather station has an outdoor temperature of its own intent, so that the
 * indoor temperature figures leave it out and degree days find it.
 *
 * Register events (both placed relative to the generated range, so that
 * they fall inside whatever window the demo is seeded with):
 * - `lon-elec-main` (London main incomer, a 6-digit kWh register,
 *   `registerMax` 999 999) starts near the top and rolls over to 0 once,
 *   on the reading at `from + 0.25 × (to − from)` (rounded down to a
 *   quarter hour): its start value is chosen so that the register passes
 *   999 999 halfway through the quarter hour ending then. The site uses
 *   about 350 MWh a year, so there is exactly one rollover for ranges up to
 *   about 3.5 years. For 2024-01-01..2026-01-01 it is 2024-07-01 18:00 UTC.
 * - `syd-elec-main` (Sydney main meter) is exchanged once: the new meter
 *   starts at 0 a quarter hour before the first 10:00 Sydney time on a
 *   working day at or after `from + 0.7 × (to − from)`, so that reading holds
 *   only one quarter hour's energy (if there is no such 10:00 within 21 days
 *   and the range, the reset is at the unmoved quarter hour). For
 *   2024-01-01..2026-01-01 it is Tuesday 2025-05-27 10:00 AEST (00:00 UTC).
 * `registerEvent()` in `series.ts` gives the exact instant; gaps never hide
 * the reading before, at or after it.
 */

import type { HolidayCountry, HolidayRegion } from './holidays.ts';

export type EntityType = 'site' | 'building' | 'floor' | 'zone' | 'room' | 'asset';

/** Climate normals for the site's outdoor temperature model, °C. */
export interface SiteClimate {
  /** Mean of the year. */
  annualMeanC: number;
  /** Warmest month mean minus the annual mean (the coldest is as far below). */
  seasonalSwingC: number;
  /** Typical day's maximum minus minimum. */
  dailyRangeC: number;
  /** Standard deviation of the day-to-day weather anomaly. */
  variabilityC: number;
}

export interface DemoEntity {
  key: string;
  type: EntityType;
  name: string;
  tags: string[];
  children?: DemoEntity[];
  // Sites only:
  address?: string;
  latitude?: number;
  longitude?: number;
  timeZone?: string;
  floorAreaM2?: number;
  country?: HolidayCountry;
  /** Holiday calendar within the country: England and Wales, New South Wales. */
  region?: HolidayRegion;
  /** Drives the occupancy and load profile. */
  use?: 'office' | 'laboratory';
  climate?: SiteClimate;
}

export type DataPointUnit = 'kWh' | 'kW' | 'm³' | '°C' | 'ppm' | '%';
export type DataPointKind = 'cumulative' | 'interval' | 'instantaneous';
export type DataPointIntent =
  | 'electricity'
  | 'gas'
  | 'water'
  | 'temperature'
  | 'outdoorTemperature'
  | 'co2'
  | 'occupancy';

export interface RegisterEventSpec {
  kind: 'rollover' | 'meter-exchange';
  /** Where in the generated range [from, to) the event happens, 0..1. */
  atFraction: number;
}

export interface DemoDataPoint {
  key: string;
  entityKey: string;
  name: string;
  unit: DataPointUnit;
  kind: DataPointKind;
  intent: DataPointIntent;
  /** The register wraps to 0 after this value (cumulative points only). */
  registerMax?: number;
  /** Electricity: which load the meter measures; `main` is the sum of the sub-meters and unmetered loads. */
  circuit?: 'main' | 'lighting' | 'hvac' | 'small-power';
  registerEvent?: RegisterEventSpec;
}

export interface DemoPortfolio {
  sites: DemoEntity[];
  dataPoints: DemoDataPoint[];
}

const london: DemoEntity = {
  key: 'lon',
  type: 'site',
  name: 'London – Clerkenwell Office',
  tags: ['office'],
  address: '41 Clerkenwell Road, London EC1M 5RF, United Kingdom',
  latitude: 51.5226,
  longitude: -0.1027,
  timeZone: 'Europe/London',
  floorAreaM2: 3400,
  country: 'GB',
  region: 'ENG',
  use: 'office',
  climate: { annualMeanC: 11.8, seasonalSwingC: 7, dailyRangeC: 7, variabilityC: 2.6 },
  children: [
    {
      key: 'lon-b1',
      type: 'building',
      name: 'Clerkenwell House',
      tags: ['office', 'grade-ii'],
      children: [
        {
          key: 'lon-b1-g',
          type: 'floor',
          name: 'Ground floor',
          tags: [],
          children: [
            { key: 'lon-b1-g-reception', type: 'zone', name: 'Reception', tags: ['reception'] },
            {
              key: 'lon-b1-g-plant',
              type: 'room',
              name: 'Plant room',
              tags: ['plant'],
              children: [
                {
                  key: 'lon-meter-elec',
                  type: 'asset',
                  name: 'Main incomer meter',
                  tags: ['meter', 'fiscal'],
                },
                { key: 'lon-meter-gas', type: 'asset', name: 'Gas meter', tags: ['meter', 'fiscal'] },
                { key: 'lon-meter-water', type: 'asset', name: 'Water meter', tags: ['meter', 'fiscal'] },
                { key: 'lon-db-mech', type: 'asset', name: 'Mechanical services board', tags: ['sub-meter'] },
                { key: 'lon-db-power', type: 'asset', name: 'Lighting and power board', tags: ['sub-meter'] },
              ],
            },
          ],
        },
        {
          key: 'lon-b1-1',
          type: 'floor',
          name: 'First floor',
          tags: [],
          children: [
            {
              key: 'lon-b1-1-open',
              type: 'zone',
              name: 'Open plan (south)',
              tags: ['open-plan', 'south-facing'],
            },
            { key: 'lon-b1-1-thames', type: 'room', name: 'Meeting room Thames', tags: ['meeting-room'] },
          ],
        },
        {
          key: 'lon-b1-2',
          type: 'floor',
          name: 'Second floor',
          tags: [],
          children: [
            {
              key: 'lon-b1-2-open',
              type: 'zone',
              name: 'Open plan (north)',
              tags: ['open-plan', 'north-facing'],
            },
            { key: 'lon-b1-2-kitchen', type: 'room', name: 'Kitchen', tags: ['kitchen'] },
          ],
        },
      ],
    },
    { key: 'lon-weather', type: 'asset', name: 'Rooftop weather station', tags: ['outdoor', 'weather'] },
  ],
};

const sydney: DemoEntity = {
  key: 'syd',
  type: 'site',
  name: 'Sydney – Pitt Street Office',
  tags: ['office'],
  address: '255 Pitt Street, Sydney NSW 2000, Australia',
  latitude: -33.8702,
  longitude: 151.2087,
  timeZone: 'Australia/Sydney',
  floorAreaM2: 5600,
  country: 'AU',
  region: 'NSW',
  use: 'office',
  climate: { annualMeanC: 18.4, seasonalSwingC: 4.9, dailyRangeC: 7.5, variabilityC: 2.2 },
  children: [
    {
      key: 'syd-b1',
      type: 'building',
      name: 'Pitt Street Tower',
      tags: ['office', 'nabers-5-star'],
      children: [
        {
          key: 'syd-b1-b1',
          type: 'floor',
          name: 'Basement 1',
          tags: [],
          children: [
            {
              key: 'syd-b1-b1-plant',
              type: 'room',
              name: 'Main switch room',
              tags: ['plant'],
              children: [
                { key: 'syd-meter-elec', type: 'asset', name: 'Main meter', tags: ['meter', 'fiscal'] },
                { key: 'syd-meter-gas', type: 'asset', name: 'Gas meter', tags: ['meter', 'fiscal'] },
                { key: 'syd-meter-water', type: 'asset', name: 'Water meter', tags: ['meter', 'fiscal'] },
                { key: 'syd-db-mech', type: 'asset', name: 'Mechanical services MSB', tags: ['sub-meter'] },
                { key: 'syd-db-power', type: 'asset', name: 'Tenant light and power', tags: ['sub-meter'] },
              ],
            },
          ],
        },
        {
          key: 'syd-b1-11',
          type: 'floor',
          name: 'Level 11',
          tags: [],
          children: [
            {
              key: 'syd-b1-11-open',
              type: 'zone',
              name: 'Level 11 workspace (north)',
              tags: ['open-plan', 'north-facing'],
            },
          ],
        },
        {
          key: 'syd-b1-12',
          type: 'floor',
          name: 'Level 12',
          tags: [],
          children: [
            {
              key: 'syd-b1-12-open',
              type: 'zone',
              name: 'Level 12 workspace (south)',
              tags: ['open-plan', 'south-facing'],
            },
            { key: 'syd-b1-12-harbour', type: 'room', name: 'Meeting room Harbour', tags: ['meeting-room'] },
          ],
        },
      ],
    },
    { key: 'syd-weather', type: 'asset', name: 'Rooftop weather station', tags: ['outdoor', 'weather'] },
  ],
};

const newYork: DemoEntity = {
  key: 'nyc',
  type: 'site',
  name: 'New York – Sunset Park Lab',
  tags: ['laboratory'],
  address: '140 58th Street, Brooklyn, NY 11220, United States',
  latitude: 40.6452,
  longitude: -74.0238,
  timeZone: 'America/New_York',
  floorAreaM2: 4200,
  country: 'US',
  use: 'laboratory',
  climate: { annualMeanC: 13.2, seasonalSwingC: 12.3, dailyRangeC: 8, variabilityC: 3.8 },
  children: [
    {
      key: 'nyc-bb',
      type: 'building',
      name: 'Building B',
      tags: ['laboratory', 'bsl-2'],
      children: [
        {
          key: 'nyc-bb-1',
          type: 'floor',
          name: 'Floor 1',
          tags: [],
          children: [
            {
              key: 'nyc-bb-1-plant',
              type: 'room',
              name: 'Electrical room',
              tags: ['plant'],
              children: [
                { key: 'nyc-meter-elec', type: 'asset', name: 'Con Edison meter', tags: ['meter', 'fiscal'] },
                { key: 'nyc-meter-gas', type: 'asset', name: 'Gas meter', tags: ['meter', 'fiscal'] },
                { key: 'nyc-meter-water', type: 'asset', name: 'Water meter', tags: ['meter', 'fiscal'] },
                {
                  key: 'nyc-db-mech',
                  type: 'asset',
                  name: 'Air handling units AHU-1/2',
                  tags: ['sub-meter'],
                },
                { key: 'nyc-db-lab', type: 'asset', name: 'Lab power panel', tags: ['sub-meter'] },
                { key: 'nyc-db-light', type: 'asset', name: 'Lighting panel', tags: ['sub-meter'] },
              ],
            },
          ],
        },
        {
          key: 'nyc-bb-3',
          type: 'floor',
          name: 'Floor 3',
          tags: [],
          children: [
            { key: 'nyc-bb-3-wetlab', type: 'zone', name: 'Wet lab', tags: ['laboratory'] },
            { key: 'nyc-bb-3-culture', type: 'room', name: 'Tissue culture room', tags: ['laboratory'] },
          ],
        },
        {
          key: 'nyc-bb-4',
          type: 'floor',
          name: 'Floor 4',
          tags: [],
          children: [
            {
              key: 'nyc-bb-4-office',
              type: 'zone',
              name: 'Write-up office',
              tags: ['open-plan', 'south-facing'],
            },
          ],
        },
      ],
    },
    { key: 'nyc-weather', type: 'asset', name: 'Weather station', tags: ['outdoor', 'weather'] },
  ],
};

const dataPoints: DemoDataPoint[] = [
  // London
  {
    key: 'lon-elec-main',
    entityKey: 'lon-meter-elec',
    name: 'Electricity – main incomer',
    unit: 'kWh',
    kind: 'cumulative',
    intent: 'electricity',
    circuit: 'main',
    registerMax: 999_999,
    registerEvent: { kind: 'rollover', atFraction: 0.25 },
  },
  {
    key: 'lon-elec-demand',
    entityKey: 'lon-meter-elec',
    name: 'Electricity – demand',
    unit: 'kW',
    kind: 'instantaneous',
    intent: 'electricity',
    circuit: 'main',
  },
  {
    key: 'lon-elec-lighting',
    entityKey: 'lon-db-power',
    name: 'Electricity – lighting',
    unit: 'kWh',
    kind: 'interval',
    intent: 'electricity',
    circuit: 'lighting',
  },
  {
    key: 'lon-elec-hvac',
    entityKey: 'lon-db-mech',
    name: 'Electricity – HVAC',
    unit: 'kWh',
    kind: 'interval',
    intent: 'electricity',
    circuit: 'hvac',
  },
  {
    key: 'lon-elec-small-power',
    entityKey: 'lon-db-power',
    name: 'Electricity – small power',
    unit: 'kWh',
    kind: 'interval',
    intent: 'electricity',
    circuit: 'small-power',
  },
  { key: 'lon-gas', entityKey: 'lon-meter-gas', name: 'Gas', unit: 'm³', kind: 'cumulative', intent: 'gas' },
  {
    key: 'lon-water',
    entityKey: 'lon-meter-water',
    name: 'Water',
    unit: 'm³',
    kind: 'cumulative',
    intent: 'water',
  },
  {
    key: 'lon-temp-1-open',
    entityKey: 'lon-b1-1-open',
    name: 'Temperature – first floor open plan',
    unit: '°C',
    kind: 'instantaneous',
    intent: 'temperature',
  },
  {
    key: 'lon-temp-2-open',
    entityKey: 'lon-b1-2-open',
    name: 'Temperature – second floor open plan',
    unit: '°C',
    kind: 'instantaneous',
    intent: 'temperature',
  },
  {
    key: 'lon-temp-thames',
    entityKey: 'lon-b1-1-thames',
    name: 'Temperature – meeting room Thames',
    unit: '°C',
    kind: 'instantaneous',
    intent: 'temperature',
  },
  {
    key: 'lon-co2-1-open',
    entityKey: 'lon-b1-1-open',
    name: 'CO₂ – first floor open plan',
    unit: 'ppm',
    kind: 'instantaneous',
    intent: 'co2',
  },
  {
    key: 'lon-co2-thames',
    entityKey: 'lon-b1-1-thames',
    name: 'CO₂ – meeting room Thames',
    unit: 'ppm',
    kind: 'instantaneous',
    intent: 'co2',
  },
  {
    key: 'lon-occ-1-open',
    entityKey: 'lon-b1-1-open',
    name: 'Occupancy – first floor open plan',
    unit: '%',
    kind: 'instantaneous',
    intent: 'occupancy',
  },
  {
    key: 'lon-outdoor-temp',
    entityKey: 'lon-weather',
    name: 'Outdoor temperature',
    unit: '°C',
    kind: 'instantaneous',
    intent: 'outdoorTemperature',
  },
  // Sydney
  {
    key: 'syd-elec-main',
    entityKey: 'syd-meter-elec',
    name: 'Electricity – main meter',
    unit: 'kWh',
    kind: 'cumulative',
    intent: 'electricity',
    circuit: 'main',
    registerEvent: { kind: 'meter-exchange', atFraction: 0.7 },
  },
  {
    key: 'syd-elec-lighting',
    entityKey: 'syd-db-power',
    name: 'Electricity – lighting',
    unit: 'kWh',
    kind: 'interval',
    intent: 'electricity',
    circuit: 'lighting',
  },
  {
    key: 'syd-elec-hvac',
    entityKey: 'syd-db-mech',
    name: 'Electricity – HVAC',
    unit: 'kWh',
    kind: 'interval',
    intent: 'electricity',
    circuit: 'hvac',
  },
  {
    key: 'syd-elec-small-power',
    entityKey: 'syd-db-power',
    name: 'Electricity – small power',
    unit: 'kWh',
    kind: 'interval',
    intent: 'electricity',
    circuit: 'small-power',
  },
  { key: 'syd-gas', entityKey: 'syd-meter-gas', name: 'Gas', unit: 'm³', kind: 'cumulative', intent: 'gas' },
  {
    key: 'syd-water',
    entityKey: 'syd-meter-water',
    name: 'Water',
    unit: 'm³',
    kind: 'cumulative',
    intent: 'water',
  },
  {
    key: 'syd-temp-11-open',
    entityKey: 'syd-b1-11-open',
    name: 'Temperature – level 11 workspace',
    unit: '°C',
    kind: 'instantaneous',
    intent: 'temperature',
  },
  {
    key: 'syd-temp-harbour',
    entityKey: 'syd-b1-12-harbour',
    name: 'Temperature – meeting room Harbour',
    unit: '°C',
    kind: 'instantaneous',
    intent: 'temperature',
  },
  {
    key: 'syd-co2-harbour',
    entityKey: 'syd-b1-12-harbour',
    name: 'CO₂ – meeting room Harbour',
    unit: 'ppm',
    kind: 'instantaneous',
    intent: 'co2',
  },
  {
    key: 'syd-occ-11-open',
    entityKey: 'syd-b1-11-open',
    name: 'Occupancy – level 11 workspace',
    unit: '%',
    kind: 'instantaneous',
    intent: 'occupancy',
  },
  {
    key: 'syd-outdoor-temp',
    entityKey: 'syd-weather',
    name: 'Outdoor temperature',
    unit: '°C',
    kind: 'instantaneous',
    intent: 'outdoorTemperature',
  },
  // New York
  {
    key: 'nyc-elec-main',
    entityKey: 'nyc-meter-elec',
    name: 'Electricity – utility meter',
    unit: 'kWh',
    kind: 'cumulative',
    intent: 'electricity',
    circuit: 'main',
  },
  {
    key: 'nyc-elec-lighting',
    entityKey: 'nyc-db-light',
    name: 'Electricity – lighting',
    unit: 'kWh',
    kind: 'interval',
    intent: 'electricity',
    circuit: 'lighting',
  },
  {
    key: 'nyc-elec-hvac',
    entityKey: 'nyc-db-mech',
    name: 'Electricity – air handling and cooling',
    unit: 'kWh',
    kind: 'interval',
    intent: 'electricity',
    circuit: 'hvac',
  },
  {
    key: 'nyc-elec-lab-power',
    entityKey: 'nyc-db-lab',
    name: 'Electricity – lab equipment',
    unit: 'kWh',
    kind: 'interval',
    intent: 'electricity',
    circuit: 'small-power',
  },
  { key: 'nyc-gas', entityKey: 'nyc-meter-gas', name: 'Gas', unit: 'm³', kind: 'cumulative', intent: 'gas' },
  {
    key: 'nyc-water',
    entityKey: 'nyc-meter-water',
    name: 'Water',
    unit: 'm³',
    kind: 'cumulative',
    intent: 'water',
  },
  {
    key: 'nyc-temp-wetlab',
    entityKey: 'nyc-bb-3-wetlab',
    name: 'Temperature – wet lab',
    unit: '°C',
    kind: 'instantaneous',
    intent: 'temperature',
  },
  {
    key: 'nyc-temp-office',
    entityKey: 'nyc-bb-4-office',
    name: 'Temperature – write-up office',
    unit: '°C',
    kind: 'instantaneous',
    intent: 'temperature',
  },
  {
    key: 'nyc-co2-office',
    entityKey: 'nyc-bb-4-office',
    name: 'CO₂ – write-up office',
    unit: 'ppm',
    kind: 'instantaneous',
    intent: 'co2',
  },
  {
    key: 'nyc-occ-wetlab',
    entityKey: 'nyc-bb-3-wetlab',
    name: 'Occupancy – wet lab',
    unit: '%',
    kind: 'instantaneous',
    intent: 'occupancy',
  },
  {
    key: 'nyc-outdoor-temp',
    entityKey: 'nyc-weather',
    name: 'Outdoor temperature',
    unit: '°C',
    kind: 'instantaneous',
    intent: 'outdoorTemperature',
  },
];

export const DEMO_PORTFOLIO: DemoPortfolio = { sites: [london, sydney, newYork], dataPoints };

/** The entity with `key` in `root`'s tree (including `root`), if any. */
export function findEntity(root: DemoEntity, key: string): DemoEntity | undefined {
  if (root.key === key) return root;
  for (const child of root.children ?? []) {
    const found = findEntity(child, key);
    if (found) return found;
  }
  return undefined;
}

/** The site of a data point in `portfolio`; throws if it has none. */
export function siteOf(point: DemoDataPoint, portfolio: DemoPortfolio = DEMO_PORTFOLIO): DemoEntity {
  const site = portfolio.sites.find((candidate) => findEntity(candidate, point.entityKey));
  if (!site) throw new Error(`Data point ${point.key} is on no site (entity ${point.entityKey})`);
  return site;
}
