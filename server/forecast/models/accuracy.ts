import type { Accuracy } from './types';

/** ASHRAE Guideline 14's limits for a model calibrated on hourly data. */
const HOURLY_CVRMSE_LIMIT = 30;
const HOURLY_NMBE_LIMIT = 10;

/**
 * How well `predicted` matched `actual`, hour by hour, by ASHRAE Guideline 14's measures; hours without an
 * actual reading are left out. `parameterCount` is Guideline 14's p. On a backtest the held-out hours took
 * no part in the fit, so no degrees of freedom were spent on them and p = 1 is right; a model's own
 * parameter count (towt has about 175) would leave a week of held-out hours with nothing to divide by.
 */
export function accuracy(
  actual: readonly (number | null)[],
  predicted: readonly number[],
  parameterCount = 1,
): Accuracy {
  if (actual.length !== predicted.length) {
    throw new RangeError(`${actual.length} actual values against ${predicted.length} predictions`);
  }
  let n = 0;
  let sumActual = 0;
  let sumError = 0;
  let sumSquaredError = 0;
  let sumAbsolutePercentage = 0;
  let percentageCount = 0;
  for (let i = 0; i < actual.length; i++) {
    const observed = actual[i];
    if (observed === null || observed === undefined) continue;
    const error = observed - (predicted[i] ?? 0);
    n++;
    sumActual += observed;
    sumError += error;
    sumSquaredError += error * error;
    if (observed !== 0) {
      sumAbsolutePercentage += Math.abs(error / observed);
      percentageCount++;
    }
  }
  const degreesOfFreedom = n - parameterCount;
  if (degreesOfFreedom <= 0) {
    throw new RangeError(`${n} hours compared cannot judge a model of ${parameterCount} parameters`);
  }
  // |mean|: a state such as a temperature in °C can average below zero, where the ratios would flip sign.
  const meanActual = Math.abs(sumActual / n);
  const cvrmse = relativeToMean(Math.sqrt(sumSquaredError / degreesOfFreedom), meanActual);
  const nmbe = relativeToMean(sumError / degreesOfFreedom, meanActual);
  return {
    cvrmse,
    nmbe,
    mape: percentageCount === 0 ? null : (sumAbsolutePercentage / percentageCount) * 100,
    n,
    meetsGuideline14: cvrmse <= HOURLY_CVRMSE_LIMIT && Math.abs(nmbe) <= HOURLY_NMBE_LIMIT,
  };
}

/** `value` as a percentage of the mean; a mean of zero makes any error infinitely large (and no error none). */
function relativeToMean(value: number, meanActual: number): number {
  if (meanActual === 0) return value === 0 ? 0 : Math.sign(value) * Number.POSITIVE_INFINITY;
  return (value / meanActual) * 100;
}
