import { Matrix, QrDecomposition, solve } from 'ml-matrix';
import { isPlausibleCelsius } from './celsius';
import { knotChoices, segmentShares, temperatureEffect } from './temperature-segments';
import { type History, HOURS_PER_WEEK, type Horizon, type TemperatureResponse } from './types';

/**
 * Time-of-week-and-temperature regression (Mathieu, Price, Kiliccote & Piette 2011; LBNL's baseline model):
 * load = a coefficient for the hour of the week + a piecewise-linear response to outdoor temperature.
 */
export interface TowtFit {
  /** The load at each hour of the week (Monday 00:00 = 0) at 0 °C; null for an hour the training never saw. */
  hourOfWeekCoefficients: (number | null)[];
  temperatureResponse: TemperatureResponse;
  /** The last resort for a forecast hour whose temperature is unknown. */
  meanTemperature: number;
}

/** Fewer rows than this cannot pin down one coefficient per hour of the week and the slopes besides. */
export const TOWT_MIN_ROWS = 2 * HOURS_PER_WEEK;

/** The hours that can be fitted: a reading and a plausible outdoor temperature. */
export function towtRows(history: History): number[] {
  const rows: number[] = [];
  const temperature = history.temperature;
  if (!temperature) return rows;
  history.y.forEach((value, i) => {
    if (value !== null && isPlausibleCelsius(temperature[i])) rows.push(i);
  });
  return rows;
}

/** The fitted hours, column by column. */
interface Rows {
  temperatures: number[];
  loads: number[];
  hours: number[];
}

/**
 * Least squares over the hours with a reading and a temperature. The 168 hour-of-week indicators are
 * absorbed rather than solved for (Frisch–Waugh–Lovell): subtracting each hour of the week's means from
 * its rows leaves the slopes as the least-squares solution of at most 6 columns. The coefficients are
 * exactly those of the full 175-column regression, without its dense 8,760 × 175 matrix.
 *
 * The number of segments (one to six) is the one with the lowest BIC: where the weather cannot tell six
 * slopes apart (say each hour of the week only ever saw two temperatures), their least-squares values
 * are noise that nets out in the fit but shows in the response, and buys less than BIC's price for them.
 */
export function fitTowt(history: History): TowtFit {
  const indices = towtRows(history);
  if (indices.length < TOWT_MIN_ROWS) {
    throw new RangeError(
      `towt needs ${TOWT_MIN_ROWS} hours with a reading and a temperature, not ${indices.length}`,
    );
  }
  const rows: Rows = {
    temperatures: indices.map((i) => history.temperature?.[i] ?? 0),
    loads: indices.map((i) => history.y[i] ?? 0),
    hours: indices.map((i) => history.hourOfWeek[i] ?? 0),
  };
  const problem = bestSegmentation(rows);
  const slopes = problem.segments === 0 ? [] : slopesByQr(problem);
  return {
    hourOfWeekCoefficients: coefficientsAtZero(problem, slopes),
    temperatureResponse: { knots: problem.knots, slopes },
    meanTemperature: rows.temperatures.reduce((sum, value) => sum + value, 0) / rows.temperatures.length,
  };
}

/** The slopes' least-squares problem for one set of knots, with each hour of the week's means taken away. */
interface WithinProblem {
  knots: number[];
  segments: number;
  means: HourOfWeekMeans;
  /** Row-major, rows × segments: each row's segment shares less its hour of the week's means. */
  design: Float64Array;
  /** Each row's load less its hour of the week's mean. */
  target: Float64Array;
}

function bestSegmentation(rows: Rows): WithinProblem {
  const choices = knotChoices(rows.temperatures);
  // Temperatures that barely vary leave the hour of the week alone to explain the load.
  if (choices === null) return withinHourOfWeek(rows, null);
  const n = rows.loads.length;
  let best: WithinProblem | null = null;
  let bestBic = Number.POSITIVE_INFINITY;
  for (const knots of choices) {
    const problem = withinHourOfWeek(rows, knots);
    const bic = n * Math.log(residualSquaresForSelection(problem) / n) + problem.segments * Math.log(n);
    // A perfect fit (bic −∞) still goes to the fewest segments, which come first.
    if (best === null || bic < bestBic) {
      best = problem;
      bestBic = bic;
    }
  }
  return best ?? withinHourOfWeek(rows, null);
}

function withinHourOfWeek(rows: Rows, knots: number[] | null): WithinProblem {
  const segments = knots === null ? 0 : knots.length + 1;
  const design = new Float64Array(rows.loads.length * segments);
  if (knots !== null) {
    rows.temperatures.forEach((value, row) => {
      segmentShares(value, knots, design, row * segments);
    });
  }
  const means = hourOfWeekMeans(rows, design, segments);
  const target = new Float64Array(rows.loads.length);
  rows.hours.forEach((hour, row) => {
    target[row] = (rows.loads[row] ?? 0) - (means.load[hour] ?? 0);
    for (let segment = 0; segment < segments; segment++) {
      const at = row * segments + segment;
      design[at] = (design[at] ?? 0) - (means.shares[hour * segments + segment] ?? 0);
    }
  });
  return { knots: knots ?? [], segments, means, design, target };
}

/**
 * The residual sum of squares, from normal equations: only to compare segmentations, where a few digits
 * are plenty and forming the 6 × 6 Gram matrix is far cheaper than six QR decompositions.
 */
function residualSquaresForSelection({ design, target, segments }: WithinProblem): number {
  const gram = new Float64Array(segments * segments);
  const moments = new Float64Array(segments);
  for (let row = 0; row < target.length; row++) {
    for (let i = 0; i < segments; i++) {
      const share = design[row * segments + i] ?? 0;
      moments[i] = (moments[i] ?? 0) + share * (target[row] ?? 0);
      for (let j = 0; j < segments; j++) {
        gram[i * segments + j] = (gram[i * segments + j] ?? 0) + share * (design[row * segments + j] ?? 0);
      }
    }
  }
  const slopes = solve(
    Matrix.from1DArray(segments, segments, gram),
    Matrix.columnVector(moments),
    true,
  ).getColumn(0);
  let residualSquares = 0;
  for (let row = 0; row < target.length; row++) {
    let fitted = 0;
    for (let i = 0; i < segments; i++) fitted += (slopes[i] ?? 0) * (design[row * segments + i] ?? 0);
    residualSquares += ((target[row] ?? 0) - fitted) ** 2;
  }
  return residualSquares;
}

/** The chosen segmentation's slopes by QR, which unlike normal equations does not square the condition number. */
function slopesByQr({ design, target, segments }: WithinProblem): number[] {
  const designMatrix = Matrix.from1DArray(target.length, segments, design);
  const targetVector = Matrix.columnVector(target);
  const qr = new QrDecomposition(designMatrix);
  // QR refuses a rank-deficient design (say a segment whose temperatures never vary within an hour of the
  // week); SVD then gives the minimum-norm solution instead.
  const solution = qr.isFullRank() ? qr.solve(targetVector) : solve(designMatrix, targetVector, true);
  return solution.getColumn(0);
}

interface HourOfWeekMeans {
  /** Mean load per hour of the week; null where no row fell. */
  load: (number | null)[];
  /** Mean segment shares, 168 × segments, row-major. */
  shares: Float64Array;
}

function hourOfWeekMeans({ hours, loads }: Rows, shares: Float64Array, segments: number): HourOfWeekMeans {
  const count = new Float64Array(HOURS_PER_WEEK);
  const loadSum = new Float64Array(HOURS_PER_WEEK);
  const shareSum = new Float64Array(HOURS_PER_WEEK * segments);
  hours.forEach((hour, row) => {
    count[hour] = (count[hour] ?? 0) + 1;
    loadSum[hour] = (loadSum[hour] ?? 0) + (loads[row] ?? 0);
    for (let segment = 0; segment < segments; segment++) {
      const at = hour * segments + segment;
      shareSum[at] = (shareSum[at] ?? 0) + (shares[row * segments + segment] ?? 0);
    }
  });
  const load = Array.from(count, (n, hour) => (n === 0 ? null : (loadSum[hour] ?? 0) / n));
  const meanShares = shareSum.map((sum, at) => sum / (count[Math.floor(at / segments)] || 1));
  return { load, shares: meanShares };
}

/** Each hour's coefficient: its mean load less its mean temperature response, moved to 0 °C. */
function coefficientsAtZero({ knots, segments, means }: WithinProblem, slopes: number[]): (number | null)[] {
  const atZero = new Float64Array(segments);
  if (segments > 0) segmentShares(0, knots, atZero);
  return means.load.map((meanLoad, hour) => {
    if (meanLoad === null) return null;
    let coefficient = meanLoad;
    for (let segment = 0; segment < segments; segment++) {
      const meanShare = means.shares[hour * segments + segment] ?? 0;
      coefficient += (slopes[segment] ?? 0) * ((atZero[segment] ?? 0) - meanShare);
    }
    return coefficient;
  });
}

/**
 * The forecast for the horizon's hours. An hour without a known temperature takes the temperature of the
 * same hour a week before (persistence, from the history or from the horizon's own first week), then the
 * training mean; an hour of the week the training never saw takes the mean of its hour of the day.
 */
export function towtForecast(fit: TowtFit, history: History, horizon: Horizon): number[] {
  const temperatures = horizonTemperatures(fit, history, horizon);
  return horizon.hourOfWeek.map(
    (hour, i) =>
      hourOfWeekCoefficient(fit, hour) + temperatureEffect(fit.temperatureResponse, temperatures[i] ?? 0),
  );
}

function horizonTemperatures(fit: TowtFit, history: History, horizon: Horizon): number[] {
  const known: (number | null)[] = (history.temperature ?? history.y.map(() => null)).map((value) =>
    isPlausibleCelsius(value) ? value : null,
  );
  const resolved: number[] = [];
  horizon.hourOfWeek.forEach((_, i) => {
    const given = horizon.temperature?.[i];
    const weekBefore = known[known.length - HOURS_PER_WEEK];
    const value = isPlausibleCelsius(given) ? given : (weekBefore ?? fit.meanTemperature);
    known.push(value);
    resolved.push(value);
  });
  return resolved;
}

function hourOfWeekCoefficient(fit: TowtFit, hour: number): number {
  const coefficient = fit.hourOfWeekCoefficients[hour];
  if (coefficient !== null && coefficient !== undefined) return coefficient;
  const sameHourOfDay = fit.hourOfWeekCoefficients.filter(
    (value, other): value is number => value !== null && other % 24 === hour % 24,
  );
  const seen =
    sameHourOfDay.length > 0 ? sameHourOfDay : fit.hourOfWeekCoefficients.filter((v) => v !== null);
  return seen.reduce((sum, value) => sum + value, 0) / seen.length;
}
