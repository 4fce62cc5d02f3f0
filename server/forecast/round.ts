/** A figure to `digits` decimals, as the forecasts' answers give their kWh, percentages and prices. */
export function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
