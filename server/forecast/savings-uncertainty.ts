/**
 * The uncertainty of savings measured against a baseline model, as ASHRAE
 * Guideline 14 (Annex B) gives it for models whose errors follow each other
 * hour to hour: the errors of m reporting hours add up less kindly than
 * independent ones, so the baseline's n hours count as n' = n (1 − ρ) / (1 + ρ)
 * independent ones, ρ the errors' lag-1 autocorrelation.
 *
 *   U = t · 1.26 · CV(RMSE) · ȳ · √( m · (n / n′) · (1 + 2 / n) )
 *
 * ȳ the baseline's mean per hour, so CV(RMSE) · ȳ is an hour's typical error.
 */
export interface SavingsUncertaintyInput {
  /** The baseline model's CV(RMSE), %. */
  cvrmse: number;
  /** The baseline's mean reading per hour. */
  meanPerHour: number;
  /** Baseline hours with readings (n). */
  baselineHours: number;
  /** Reporting hours with readings (m). */
  reportingHours: number;
  /** The model's errors, hour after hour, for their autocorrelation. */
  errors: readonly number[];
}

/** Two-sided normal quantiles: n′ is hundreds of hours, where Student's t is the normal's to two decimals. */
export const CONFIDENCE_T = { 68: 1, 90: 1.645 } as const;

/** ± the savings, at a confidence level (68 or 90 %), in the reading's unit. */
export function savingsUncertainty(input: SavingsUncertaintyInput, confidence: 68 | 90): number {
  const n = input.baselineHours;
  const rho = lagOneAutocorrelation(input.errors);
  const effective = (n * (1 - rho)) / (1 + rho);
  const typicalError = (input.cvrmse / 100) * Math.abs(input.meanPerHour);
  return (
    CONFIDENCE_T[confidence] *
    1.26 *
    typicalError *
    Math.sqrt(input.reportingHours * (n / effective) * (1 + 2 / n))
  );
}

/** ρ of consecutive errors, clamped to [0, 0.95]: a negative ρ would claim more certainty than independent hours give. */
export function lagOneAutocorrelation(errors: readonly number[]): number {
  if (errors.length < 3) return 0;
  const mean = errors.reduce((sum, error) => sum + error, 0) / errors.length;
  let together = 0;
  let spread = 0;
  errors.forEach((error, index) => {
    spread += (error - mean) ** 2;
    const next = errors[index + 1];
    if (next !== undefined) together += (error - mean) * (next - mean);
  });
  if (spread === 0) return 0;
  return Math.min(0.95, Math.max(0, together / spread));
}
