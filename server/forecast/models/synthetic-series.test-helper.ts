import { type History, HOUR_MS, HOURS_PER_WEEK, type Horizon } from './types';

/**
 * Synthetic hourly series of known structure for the models' tests: an office-like weekly profile, a
 * heating response below a balance point, Gaussian noise, all from a seeded generator so every run
 * sees the same numbers.
 */

/** Monday 1 January 2024, 00:00 UTC: hour i is hour i % 168 of the week (UTC has no summer time). */
export const START = Date.UTC(2024, 0, 1);

/** mulberry32: a tiny seeded generator of uniform numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Standard normal draws from uniform ones (Box–Muller). */
export function seededGaussian(seed: number): () => number {
  const uniform = seededRandom(seed);
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** kWh an hour: 20 at night and at weekends, 50 on weekdays from 08:00 to 18:00. */
export function officeProfile(hourOfWeek: number): number {
  const day = Math.floor(hourOfWeek / 24);
  const hour = hourOfWeek % 24;
  return day < 5 && hour >= 8 && hour < 18 ? 50 : 20;
}

export const HEATING_SLOPE = -2;
export const BALANCE_POINT = 15;

/** The true heating response: 2 kWh more for each °C below 15 °C, nothing above. */
export function heating(temperature: number): number {
  return HEATING_SLOPE * Math.min(0, temperature - BALANCE_POINT);
}

export interface SeriesOptions {
  weeks: number;
  seed: number;
  /** Standard deviation of the load's noise, kWh. */
  noise: number;
  /** With a heating response to an outdoor temperature that is passed along; otherwise the profile alone. */
  withTemperature: boolean;
  /** Share of hours whose reading is dropped (a gap), at random. */
  gapShare?: number;
  /** Share of hours whose temperature is dropped, at random. */
  temperatureGapShare?: number;
}

export interface SyntheticSeries extends History {
  /** The noise-free load at each hour, for comparing forecasts with. */
  expected: number[];
}

/**
 * Outdoor temperature: 10 °C on average, a slow seasonal drift, ±4 °C between night and afternoon,
 * weeks alternately 6 °C colder and warmer (so last week's hour is a poor guess for this week's) and
 * 1.5 °C of noise: from about −6 to 26 °C, either side of the balance point.
 */
function outdoorTemperature(hour: number, noise: () => number): number {
  const week = Math.floor(hour / HOURS_PER_WEEK);
  const seasonal = 3 * Math.sin((2 * Math.PI * hour) / (365 * 24));
  const daily = 4 * Math.sin((2 * Math.PI * ((hour % 24) - 9)) / 24);
  return 10 + seasonal + daily + (week % 2 === 0 ? -6 : 6) + 1.5 * noise();
}

export function syntheticSeries(options: SeriesOptions): SyntheticSeries {
  const hours = options.weeks * HOURS_PER_WEEK;
  const noise = seededGaussian(options.seed);
  const uniform = seededRandom(options.seed + 1);
  const t: number[] = [];
  const y: (number | null)[] = [];
  const hourOfWeek: number[] = [];
  const temperature: (number | null)[] = [];
  const expected: number[] = [];
  for (let hour = 0; hour < hours; hour++) {
    const outdoor = outdoorTemperature(hour, noise);
    const load = officeProfile(hour % HOURS_PER_WEEK) + (options.withTemperature ? heating(outdoor) : 0);
    t.push(START + hour * HOUR_MS);
    hourOfWeek.push(hour % HOURS_PER_WEEK);
    expected.push(load);
    const reading = load + options.noise * noise();
    y.push(uniform() < (options.gapShare ?? 0) ? null : reading);
    temperature.push(uniform() < (options.temperatureGapShare ?? 0) ? null : outdoor);
  }
  return { t, y, hourOfWeek, expected, ...(options.withTemperature && { temperature }) };
}

/** The first `hours` as history, the rest as the horizon (with its temperatures) and its actual readings. */
export function splitAt(series: SyntheticSeries, hours: number) {
  const history: History = {
    t: series.t.slice(0, hours),
    y: series.y.slice(0, hours),
    hourOfWeek: series.hourOfWeek.slice(0, hours),
    ...(series.temperature && { temperature: series.temperature.slice(0, hours) }),
  };
  const horizon: Horizon = {
    t: series.t.slice(hours),
    hourOfWeek: series.hourOfWeek.slice(hours),
    ...(series.temperature && { temperature: series.temperature.slice(hours) }),
  };
  return { history, horizon, actual: series.y.slice(hours), expected: series.expected.slice(hours) };
}
