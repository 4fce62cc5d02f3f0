/**
 * The shapes the forecasting models share: hourly history in, a forecast with its prediction interval out,
 * and how each model fared on the hours held out to test it (ASHRAE Guideline 14's measures).
 */

export type ModelName = 'seasonalNaive' | 'towt' | 'holtWinters';

/** Hourly history: consecutive hours (no missing hours in t; a gap is a null value). */
export interface History {
  /** Hour starts, epoch ms, consecutive (step 3,600,000). */
  t: readonly number[];
  /** The quantity per hour (kWh in the hour, or a mean for a state). */
  y: readonly (number | null)[];
  /** 0..167 in the site's local time, Monday 00:00 = 0 (the caller computes it, DST-aware). */
  hourOfWeek: readonly number[];
  /** Outdoor °C at each hour, when a thermometer is linked. */
  temperature?: readonly (number | null)[];
}

/** The hours to forecast: the hours right after the history's last. */
export interface Horizon {
  t: readonly number[];
  hourOfWeek: readonly number[];
  /** Outdoor °C; null where unknown (a model then falls back: see towt.ts). */
  temperature?: readonly (number | null)[];
}

export interface Accuracy {
  /** Coefficient of variation of the RMSE, %, ASHRAE Guideline 14 (n − p in the denominator). */
  cvrmse: number;
  /** Normalised mean bias error, %, Guideline 14 sign convention: (Σ(actual − predicted)) / ((n − p) · mean actual) · 100. */
  nmbe: number;
  /** Mean absolute percentage error, %, over hours with a non-zero actual; null when there is none. */
  mape: number | null;
  /** Hours compared. */
  n: number;
  /** Hourly: CV(RMSE) ≤ 30 % and |NMBE| ≤ 10 %. */
  meetsGuideline14: boolean;
}

export interface FittedForecast {
  model: ModelName;
  /** One per horizon hour. */
  forecast: number[];
  /** Prediction interval (default 90 %), from the backtest's residuals. */
  lower: number[];
  upper: number[];
}

/**
 * Why a model was not tried, for the caller to word: no outdoor temperature is linked; the temperature has
 * readings for under half the hours; too little history for this model; its fit failed on this data.
 */
export type SkipCode = 'noTemperature' | 'temperatureGaps' | 'tooLittleHistory' | 'didNotFit';

export interface Candidate {
  model: ModelName;
  /** The backtest on held-out hours; null when the model could not be tried. */
  backtest: Accuracy | null;
  /** Why it was not tried or not fitted (in plain English, e.g. "no outdoor temperature is linked"), when backtest is null. */
  skipped?: string;
  /** The same as a code, when backtest is null. */
  skippedCode?: SkipCode;
}

/** A piecewise-linear response to outdoor temperature: `slopes[i]` applies between `knots[i - 1]` and `knots[i]`. */
export interface TemperatureResponse {
  knots: number[];
  /** One more than the knots: the first segment runs from −∞, the last to +∞. */
  slopes: number[];
}

export interface ForecastChoice extends FittedForecast {
  candidates: Candidate[];
  /** Why this model, for the caller to word in four languages. */
  reason: 'onlyReference' | 'bestBacktest' | 'referenceBest';
  /** The held-out stretch used for the backtest, [from, to) epoch ms. */
  heldOut: { from: number; to: number };
  /** For towt: the fitted temperature response, for display and tests. */
  temperatureResponse?: TemperatureResponse;
  /** The chosen model's backtest errors (actual − predicted) over the held-out hours with readings, in order: savings' uncertainty reads their autocorrelation. */
  backtestErrors: number[];
}

/** Input the models cannot work with: the caller turns it into a 400 with this message. */
export class ForecastInputError extends Error {
  constructor(
    message: string,
    readonly field: 'history' | 'temperature',
  ) {
    super(message);
    this.name = 'ForecastInputError';
  }
}

export const HOUR_MS = 3_600_000;
export const HOURS_PER_WEEK = 168;
