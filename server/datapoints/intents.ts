import type { DataPointKind } from '../db/tables';

/** A unit a data point of some intent may be measured in, and the kinds that make sense for it. */
export interface UnitChoice {
  unit: string;
  kinds: DataPointKind[];
}

/** What a data point measures: the units it may use and what a new one starts with. */
export interface DataPointIntent {
  intent: string;
  label: string;
  defaultUnit: string;
  defaultKind: DataPointKind;
  units: UnitChoice[];
  /** "other" takes any unit: the list is only a suggestion. */
  anyUnit: boolean;
}

// Energy and volume accumulate (a register or per-interval use); power, temperature and the like are a state at an instant.
const ENERGY: DataPointKind[] = ['cumulative', 'interval'];
const STATE: DataPointKind[] = ['instantaneous'];
const ALL_KINDS: DataPointKind[] = ['cumulative', 'interval', 'instantaneous'];

const energy = (unit: string): UnitChoice => ({ unit, kinds: ENERGY });
const state = (unit: string): UnitChoice => ({ unit, kinds: STATE });

/** The catalogue of dataPointIntents; addDataPointsRef and replaceDataPoint hold points to it. */
export const DATA_POINT_INTENTS: readonly DataPointIntent[] = [
  {
    intent: 'electricity',
    label: 'Electricity',
    defaultUnit: 'kWh',
    defaultKind: 'cumulative',
    units: [energy('kWh'), energy('Wh'), energy('MWh'), state('kW'), state('W'), state('MW')],
    anyUnit: false,
  },
  {
    intent: 'gas',
    label: 'Gas',
    defaultUnit: 'm³',
    defaultKind: 'cumulative',
    units: [energy('m³'), energy('kWh'), energy('ft³'), state('m³/h')],
    anyUnit: false,
  },
  {
    intent: 'water',
    label: 'Water',
    defaultUnit: 'm³',
    defaultKind: 'cumulative',
    units: [energy('m³'), energy('l'), state('l/min'), state('m³/h')],
    anyUnit: false,
  },
  {
    intent: 'heat',
    label: 'Heat',
    defaultUnit: 'kWh',
    defaultKind: 'cumulative',
    units: [energy('kWh'), energy('MWh'), energy('GJ'), state('kW')],
    anyUnit: false,
  },
  {
    intent: 'temperature',
    label: 'Temperature',
    defaultUnit: '°C',
    defaultKind: 'instantaneous',
    units: [state('°C'), state('°F')],
    anyUnit: false,
  },
  {
    // Outside air, kept apart from temperature so that indoor averages leave the weather out and degree days
    // and temperature models find the weather without a tag to go by.
    intent: 'outdoorTemperature',
    label: 'Outdoor temperature',
    defaultUnit: '°C',
    defaultKind: 'instantaneous',
    units: [state('°C'), state('°F')],
    anyUnit: false,
  },
  {
    intent: 'humidity',
    label: 'Humidity',
    defaultUnit: '%',
    defaultKind: 'instantaneous',
    units: [state('%')],
    anyUnit: false,
  },
  {
    intent: 'co2',
    label: 'CO₂',
    defaultUnit: 'ppm',
    defaultKind: 'instantaneous',
    units: [state('ppm')],
    anyUnit: false,
  },
  {
    intent: 'occupancy',
    label: 'Occupancy',
    defaultUnit: 'people',
    defaultKind: 'instantaneous',
    // People counted per interval (a door counter) add up; a presence level does not.
    units: [{ unit: 'people', kinds: ['instantaneous', 'interval'] }, state('%')],
    anyUnit: false,
  },
  {
    intent: 'other',
    label: 'Other',
    defaultUnit: 'count',
    defaultKind: 'instantaneous',
    units: ['count', 'kWh', 'kW', 'm³', 'l', '°C', '%', 'ppm'].map((unit) => ({ unit, kinds: ALL_KINDS })),
    anyUnit: true,
  },
];

export const INTENT_NAMES = DATA_POINT_INTENTS.map((entry) => entry.intent);

/** What is wrong with a data point's settings: the field to point at and why. */
export interface FieldProblem {
  field: 'intent' | 'unit' | 'kind';
  reason: string;
}

/**
 * Why a combination of intent, unit and kind cannot be stored, or undefined
 * when it can. "Electricity in °C" or "a kW register" would make every total
 * computed from the point wrong, so they are refused up front.
 */
export function intentProblem(intent: string, unit: string, kind: DataPointKind): FieldProblem | undefined {
  const entry = DATA_POINT_INTENTS.find((candidate) => candidate.intent === intent);
  if (!entry) return { field: 'intent', reason: `must be one of ${INTENT_NAMES.join(', ')}` };
  if (entry.anyUnit) return unit.trim() === '' ? { field: 'unit', reason: 'must not be empty' } : undefined;
  const choice = entry.units.find((candidate) => candidate.unit === unit);
  if (!choice) {
    const units = entry.units.map((candidate) => candidate.unit).join(', ');
    return { field: 'unit', reason: `${entry.label} is measured in ${units}, not ${unit}` };
  }
  if (!choice.kinds.includes(kind)) {
    return { field: 'kind', reason: `a point in ${unit} must be ${choice.kinds.join(' or ')}, not ${kind}` };
  }
  return undefined;
}
