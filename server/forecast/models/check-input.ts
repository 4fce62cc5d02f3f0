import { isPlausibleCelsius } from './celsius';
import { ForecastInputError, type History, HOUR_MS, HOURS_PER_WEEK, type Horizon } from './types';

/** Three weeks: a week to learn each hour of the week, one to learn how it varies, and one to test on. */
export const MIN_HOURS_WITH_READINGS = 3 * HOURS_PER_WEEK;

/**
 * Refuses, in words a person can act on, a history no model can learn from: too short, mostly gaps,
 * flat, or with temperatures that cannot be °C. A malformed shape (lengths that differ, hours that are
 * not consecutive) is the caller's bug, not the user's input, and is a RangeError.
 */
export function checkInput(history: History, horizon: Horizon): void {
  checkShape(history, horizon);
  checkReadings(history.y);
  checkCelsius(history.temperature, 'outdoor temperature readings');
  checkCelsius(horizon.temperature, 'outdoor temperatures given for the forecast');
}

function checkShape(history: History, horizon: Horizon): void {
  const { t } = history;
  sameLength(t, history.y, 'history values');
  sameLength(t, history.hourOfWeek, 'history hours of the week');
  if (history.temperature) sameLength(t, history.temperature, 'history temperatures');
  sameLength(horizon.t, horizon.hourOfWeek, 'horizon hours of the week');
  if (horizon.temperature) sameLength(horizon.t, horizon.temperature, 'horizon temperatures');
  const hours = [...t, ...horizon.t];
  for (let i = 1; i < hours.length; i++) {
    if ((hours[i] ?? 0) - (hours[i - 1] ?? 0) !== HOUR_MS) {
      throw new RangeError(`hour ${i} of the history and horizon does not follow the one before by an hour`);
    }
  }
  const values = [...history.y, ...(history.temperature ?? []), ...(horizon.temperature ?? [])];
  if (!values.every((value) => value === null || Number.isFinite(value))) {
    throw new RangeError('a reading or temperature is not a finite number; a gap is null');
  }
  for (const hour of [...history.hourOfWeek, ...horizon.hourOfWeek]) {
    if (!Number.isInteger(hour) || hour < 0 || hour >= HOURS_PER_WEEK) {
      throw new RangeError(`hour of the week ${hour} is not a whole number from 0 to 167`);
    }
  }
}

function sameLength(hours: readonly unknown[], values: readonly unknown[], what: string): void {
  if (values.length !== hours.length) {
    throw new RangeError(`${values.length} ${what} for ${hours.length} hours`);
  }
}

function checkReadings(y: readonly (number | null)[]): void {
  const readings = y.filter((value): value is number => value !== null);
  if (readings.length < MIN_HOURS_WITH_READINGS) {
    throw new ForecastInputError(
      `At least 3 weeks of hourly history are needed; the training period has ${readings.length} hours with readings.`,
      'history',
    );
  }
  if (readings.length * 2 < y.length) {
    throw new ForecastInputError(
      `More than half of the hours in the training period have no reading (${y.length - readings.length} of ${y.length}), too many gaps to learn a pattern from.`,
      'history',
    );
  }
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  for (const value of readings) {
    lowest = Math.min(lowest, value);
    highest = Math.max(highest, value);
  }
  // Relative, so readings stored through a float and back (0.1 + 0.2) still count as one value.
  if (highest - lowest <= 1e-9 * Math.max(1, Math.abs(highest), Math.abs(lowest))) {
    throw new ForecastInputError(
      'Every reading in the training period is the same value, so there is nothing to model.',
      'history',
    );
  }
}

/**
 * A few readings out of range are faults, which towt leaves out; mostly out of range is another unit
 * (Kelvin reads about 285 in a mild climate), which no model should take for weather.
 */
function checkCelsius(temperatures: readonly (number | null)[] | undefined, what: string): void {
  if (!temperatures) return;
  const readings = temperatures.filter((value): value is number => value !== null);
  const implausible = readings.filter((value) => !isPlausibleCelsius(value));
  if (implausible.length * 2 <= readings.length) return;
  const sorted = [...readings].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  throw new ForecastInputError(
    `Most ${what} lie outside −60 to 60 °C (the median is ${Number(median.toFixed(1))}), so it looks like the temperature is not in °C (Kelvin or Fahrenheit?); link a temperature in °C.`,
    'temperature',
  );
}
