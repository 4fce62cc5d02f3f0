import { type History, HOURS_PER_WEEK, type Horizon } from './types';

/**
 * Additive Holt-Winters with a weekly season, indexed by the local hour of the week (so summer time keeps
 * Monday 08:00 in its place). The trend is damped: an hourly trend carried undamped 168 hours ahead turns
 * a blip in the last day into a runaway forecast.
 */
export interface HoltWintersParameters {
  alpha: number;
  beta: number;
  gamma: number;
}

export interface HoltWintersFit {
  parameters: HoltWintersParameters;
  level: number;
  trend: number;
  /** The seasonal offset at each hour of the week. */
  season: Float64Array;
}

const DAMPING = 0.98;
const ALPHAS = [0.01, 0.03, 0.1, 0.3, 0.6];
const BETAS = [0, 0.01, 0.05];
// A weekly season's offsets each update once a week, so they need a larger share of each error to keep up.
const GAMMAS = [0.05, 0.15, 0.3, 0.5];

/**
 * The parameters are judged on in-sample forecasts made as the real one is: from the end of each week
 * (the weeks aligned to end where the history does), for each of the week's hours. One-step errors
 * would always favour a level that chases the last few hours, since hourly loads drift for hours at a
 * time, and that level, carried a week forward, is what a forecast is made of.
 */
const FORECAST_WEEK = HOURS_PER_WEEK;

/** The parameters from the grid with the least in-sample squared error over weekly forecasts, and where they end. */
export function fitHoltWinters(history: History): HoltWintersFit {
  const start = initialState(history);
  const levels = new Float64Array(history.y.length);
  const trends = new Float64Array(history.y.length);
  let best: HoltWintersFit | null = null;
  let bestError = Number.POSITIVE_INFINITY;
  for (const alpha of ALPHAS) {
    for (const beta of BETAS) {
      for (const gamma of GAMMAS) {
        const { fit, squaredError } = smooth(history, start, { alpha, beta, gamma }, { levels, trends });
        if (squaredError < bestError) {
          best = fit;
          bestError = squaredError;
        }
      }
    }
  }
  if (best === null) throw new RangeError('Holt-Winters found no parameters that fit the history');
  return best;
}

interface StartingState {
  level: number;
  season: Float64Array;
  /** The hours the starting state was read from, which the parameters are not judged on. */
  hours: number;
}

/** Scratch space for the level and trend after each hour, so the forecasts made at them can be judged. */
interface Track {
  levels: Float64Array;
  trends: Float64Array;
}

/**
 * One pass of the smoothing equations; a gap takes the one-step prediction as its value, which leaves
 * the level, trend and season as they were.
 */
function smooth(
  history: History,
  start: StartingState,
  parameters: HoltWintersParameters,
  { levels, trends }: Track,
): { fit: HoltWintersFit; squaredError: number } {
  const { alpha, beta, gamma } = parameters;
  const season = Float64Array.from(start.season);
  const carriedTrend = dampingSums(FORECAST_WEEK);
  const lastHour = history.y.length - 1;
  let level = start.level;
  let trend = 0;
  let squaredError = 0;
  for (let i = 0; i < history.y.length; i++) {
    const hour = history.hourOfWeek[i] ?? 0;
    const seasonal = season[hour] ?? 0;
    const prediction = level + DAMPING * trend + seasonal;
    const observed = history.y[i];
    // Hours since the latest weekly forecast (1..168), and the hour that forecast was made at.
    const lead = ((((i - 1 - lastHour) % FORECAST_WEEK) + FORECAST_WEEK) % FORECAST_WEEK) + 1;
    const madeAt = i - lead;
    if (observed !== null && observed !== undefined && madeAt >= start.hours - 1) {
      // The season at this hour is unchanged since the forecast was made: each offset updates once a week.
      const forecast = (levels[madeAt] ?? 0) + (carriedTrend[lead] ?? 0) * (trends[madeAt] ?? 0) + seasonal;
      squaredError += (observed - forecast) ** 2;
    }
    const value = observed ?? prediction;
    const nextLevel = alpha * (value - seasonal) + (1 - alpha) * (level + DAMPING * trend);
    trend = beta * (nextLevel - level) + (1 - beta) * DAMPING * trend;
    season[hour] = gamma * (value - nextLevel) + (1 - gamma) * seasonal;
    level = nextLevel;
    levels[i] = level;
    trends[i] = trend;
  }
  return { fit: { parameters, level, trend, season }, squaredError };
}

/** The first week's mean as the starting level, and each hour of the week's offset from it as its season. */
function initialState(history: History): StartingState {
  const hours = Math.min(history.y.length, HOURS_PER_WEEK);
  let sum = 0;
  let count = 0;
  const offsetSum = new Float64Array(HOURS_PER_WEEK);
  const offsetCount = new Float64Array(HOURS_PER_WEEK);
  for (let i = 0; i < hours; i++) {
    const value = history.y[i];
    if (value === null || value === undefined) continue;
    sum += value;
    count++;
  }
  const level = count === 0 ? 0 : sum / count;
  for (let i = 0; i < hours; i++) {
    const value = history.y[i];
    if (value === null || value === undefined) continue;
    const hour = history.hourOfWeek[i] ?? 0;
    offsetSum[hour] = (offsetSum[hour] ?? 0) + value - level;
    offsetCount[hour] = (offsetCount[hour] ?? 0) + 1;
  }
  const season = offsetSum.map((offset, hour) => offset / (offsetCount[hour] || 1));
  return { level, season, hours };
}

/** For each lead k up to `hours`, φ + φ² + … + φ^k: how much of the trend a forecast that far ahead carries. */
function dampingSums(hours: number): Float64Array {
  const sums = new Float64Array(hours + 1);
  let power = 1;
  for (let k = 1; k <= hours; k++) {
    power *= DAMPING;
    sums[k] = (sums[k - 1] ?? 0) + power;
  }
  return sums;
}

/** The level and damped trend carried forward, plus each hour's seasonal offset. */
export function holtWintersForecast(fit: HoltWintersFit, horizon: Horizon): number[] {
  let trendSoFar = 0;
  let damping = 1;
  return horizon.hourOfWeek.map((hour) => {
    damping *= DAMPING;
    trendSoFar += damping * fit.trend;
    return fit.level + trendSoFar + (fit.season[hour] ?? 0);
  });
}
