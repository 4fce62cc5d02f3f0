import { ParseProblem } from './problem';

type Family = 'energy' | 'power' | 'volume' | 'temperature' | 'ratio' | 'concentration';

/**
 * Each unit relative to its family's base unit: base = (value + shift) × num / den.
 * Scales are kept as fractions so that the common conversions are a single
 * exact operation: Wh → kWh divides by 1000 (v × 0.001 would be off by one
 * ulp for many values) and °F → °C is (v − 32) × 5 / 9.
 */
interface UnitDefinition {
  readonly family: Family;
  readonly shift: number;
  readonly num: number;
  readonly den: number;
}

const linear = (family: Family, num: number): UnitDefinition => ({ family, shift: 0, num, den: 1 });

const UNITS = {
  Wh: linear('energy', 1),
  kWh: linear('energy', 1e3),
  MWh: linear('energy', 1e6),
  W: linear('power', 1),
  kW: linear('power', 1e3),
  MW: linear('power', 1e6),
  l: linear('volume', 1),
  'm³': linear('volume', 1e3),
  'ft³': linear('volume', 28.316846592), // international foot, exact
  '°C': { family: 'temperature', shift: 0, num: 1, den: 1 },
  '°F': { family: 'temperature', shift: -32, num: 5, den: 9 },
  K: { family: 'temperature', shift: -273.15, num: 1, den: 1 },
  '%': linear('ratio', 1),
  ppm: linear('concentration', 1),
} as const satisfies Record<string, UnitDefinition>;

export type KnownUnit = keyof typeof UNITS;

/** The unit symbols we convert between, as the API and UI should spell them. */
export const KNOWN_UNITS = Object.keys(UNITS) as readonly KnownUnit[];

/** Spellings people type for lack of ³ and ° keys. */
const ALIASES: Readonly<Record<string, KnownUnit>> = {
  m3: 'm³',
  ft3: 'ft³',
  L: 'l',
  degC: '°C',
  degF: '°F',
  '℃': '°C',
  '℉': '°F',
};

/**
 * A function converting values in `from` to `to`. Equal units (known or not)
 * convert as identity, so a data point in "lux" can take a file in "lux".
 * Throws ParseProblem for unknown or incompatible units, once per import
 * rather than per value.
 */
export function unitConverter(from: string, to: string): (value: number) => number {
  const pair = definitions(from, to);
  if (!pair) return (value) => value;
  const [a, b] = pair;
  // value → base: (v + a.shift) × a.num / a.den; base → target: base × b.den / b.num − b.shift.
  const [multiplier, divisor] = reduce(a.num * b.den, a.den * b.num);
  if (a.shift === 0 && b.shift === 0) return scale(multiplier, divisor);
  return (value) => ((value + a.shift) * multiplier) / divisor - b.shift;
}

/**
 * How much one unit of `from` is in `to`, shifts aside: 1000 for kWh → Wh,
 * 5/9 for °F → °C, 1 for equal units. Throws as unitConverter does.
 */
export function unitScale(from: string, to: string): number {
  const pair = definitions(from, to);
  if (!pair) return 1;
  const [a, b] = pair;
  return (a.num * b.den) / (a.den * b.num);
}

/** Both units' definitions; undefined for equal units (known or not), a ParseProblem for ones that do not convert. */
function definitions(from: string, to: string): [UnitDefinition, UnitDefinition] | undefined {
  const source = canonical(from);
  const target = canonical(to);
  if (source === target) return undefined;
  const a = definitionOf(source);
  const b = definitionOf(target);
  if (a.family !== b.family) {
    throw new ParseProblem(`${source} cannot be converted to ${target} (${a.family} vs ${b.family})`);
  }
  return [a, b];
}

function canonical(unit: string): string {
  const trimmed = unit.trim();
  return ALIASES[trimmed] ?? trimmed;
}

function definitionOf(unit: string): UnitDefinition {
  if (Object.hasOwn(UNITS, unit)) return UNITS[unit as KnownUnit];
  throw new ParseProblem(`Unknown unit "${unit}". Known units: ${KNOWN_UNITS.join(', ')}`);
}

/** One multiply or divide where possible: each extra operation can cost an ulp. */
function scale(multiplier: number, divisor: number): (value: number) => number {
  if (divisor === 1) return (value) => value * multiplier;
  if (multiplier === 1) return (value) => value / divisor;
  return (value) => (value * multiplier) / divisor;
}

/** Cancels common factors of integer fractions, so kWh → MWh is v / 1000 rather than v × 1000 / 10⁶. */
function reduce(numerator: number, denominator: number): [number, number] {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator)) return [numerator, denominator];
  const divisor = gcd(numerator, denominator);
  return [numerator / divisor, denominator / divisor];
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
