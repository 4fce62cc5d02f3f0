/**
 * Prediction intervals from a backtest: the spread of the errors a model made on hours it had not seen is
 * a more honest guess at its future errors than any distribution assumed for its in-sample residuals.
 */

/** actual − predicted at each hour with an actual reading. */
export function residuals(actual: readonly (number | null)[], predicted: readonly number[]): number[] {
  const errors: number[] = [];
  actual.forEach((observed, i) => {
    if (observed !== null) errors.push(observed - (predicted[i] ?? 0));
  });
  return errors;
}

/** The `p`-quantile (0..1) of `values`, linearly interpolated between order statistics (R's type 7). */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError('the quantile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * Math.min(1, Math.max(0, p));
  const below = Math.floor(position);
  const low = sorted[below] ?? 0;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] ?? low;
  return low + (high - low) * (position - below);
}

export interface IntervalOptions {
  /** The share of future values the interval should hold, e.g. 0.9 for the 5th to 95th percentiles. */
  coverage: number;
  /** For consumption, which cannot be negative: no bound (nor forecast) below zero. */
  nonNegative: boolean;
}

/** The forecast with the backtest errors' central `coverage` share added around it. */
export function predictionInterval(
  forecast: readonly number[],
  backtestResiduals: readonly number[],
  { coverage, nonNegative }: IntervalOptions,
): { forecast: number[]; lower: number[]; upper: number[] } {
  if (!(coverage > 0 && coverage < 1)) throw new RangeError(`coverage ${coverage} is not between 0 and 1`);
  const tail = (1 - coverage) / 2;
  const below = quantile(backtestResiduals, tail);
  const above = quantile(backtestResiduals, 1 - tail);
  const floor = nonNegative ? 0 : Number.NEGATIVE_INFINITY;
  return {
    forecast: forecast.map((value) => Math.max(floor, value)),
    lower: forecast.map((value) => Math.max(floor, value + below)),
    upper: forecast.map((value) => Math.max(floor, value + above)),
  };
}
