/**
 * How to turn a thermometer's readings into °C, by its unit; undefined for a
 * unit that is not a temperature. The models' temperature knots and the
 * plausibility check on the readings are in °C.
 */
export function toCelsius(unit: string): ((value: number) => number) | undefined {
  if (unit === '°C') return (value) => value;
  if (unit === '°F') return (value) => ((value - 32) * 5) / 9;
  return undefined;
}
