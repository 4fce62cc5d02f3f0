import { accuracy } from './accuracy';
import { type BacktestSplit, splitForBacktest } from './backtest-split';
import { CANDIDATE_MODELS, type CandidateModel, REFERENCE_MODEL, type Skip } from './candidate-models';
import { checkInput } from './check-input';
import { predictionInterval, residuals } from './prediction-interval';
import {
  type Accuracy,
  type Candidate,
  type ForecastChoice,
  ForecastInputError,
  type History,
  HOUR_MS,
  HOURS_PER_WEEK,
  type Horizon,
} from './types';

export interface ForecastOptions {
  /** Hours at the end of the history held out to test the models; one week by default, at most a quarter. */
  heldOutHours?: number;
  /** The share of future values the prediction interval should hold; 0.9 by default. */
  intervalCoverage?: number;
}

const DEFAULT_COVERAGE = 0.9;

interface Trial {
  model: CandidateModel;
  candidate: Candidate;
  /** The backtest's errors, for the prediction interval; empty when the model was skipped. */
  errors: number[];
}

/**
 * Tries each model on the last stretch of the history, keeps the seasonal naive reference unless another
 * beat it (and every other) on CV(RMSE), then refits the winner on the whole history for the horizon.
 */
export function forecastWithBestModel(
  history: History,
  horizon: Horizon,
  options: ForecastOptions = {},
): ForecastChoice {
  checkInput(history, horizon);
  const heldOutHours = heldOutLength(history.t.length, options.heldOutHours);
  const split = splitForBacktest(history, heldOutHours);
  checkHeldOutReadings(split.actual);

  const trials = CANDIDATE_MODELS.map((model) => backtest(model, split));
  const { winner, reason } = choose(trials);
  const final = winner.model.fitAndForecast(history, horizon);
  const interval = predictionInterval(final.values, winner.errors, {
    coverage: options.intervalCoverage ?? DEFAULT_COVERAGE,
    nonNegative: history.y.every((value) => value === null || value >= 0),
  });
  return {
    model: winner.model.name,
    ...interval,
    candidates: trials.map((trial) => trial.candidate),
    reason,
    heldOut: { from: split.heldOut.t[0] ?? 0, to: (split.heldOut.t.at(-1) ?? 0) + HOUR_MS },
    backtestErrors: winner.errors,
    ...(final.temperatureResponse && { temperatureResponse: final.temperatureResponse }),
  };
}

function heldOutLength(historyHours: number, requested: number | undefined): number {
  if (requested !== undefined && !(Number.isInteger(requested) && requested > 0)) {
    throw new RangeError(`heldOutHours ${requested} is not a positive whole number`);
  }
  // A quarter at most, so the models keep most of the history to learn from.
  return Math.min(requested ?? HOURS_PER_WEEK, Math.floor(historyHours / 4));
}

function checkHeldOutReadings(actual: readonly (number | null)[]): void {
  const readings = actual.filter((value) => value !== null).length;
  if (readings * 2 < actual.length) {
    throw new ForecastInputError(
      `The last ${actual.length} hours, held out to test the models, have only ${readings} readings; at least half are needed to compare the models fairly.`,
      'history',
    );
  }
}

function backtest(model: CandidateModel, split: BacktestSplit): Trial {
  const skip = model.whyNot(split.training);
  if (skip !== undefined) return skipped(model, skip);
  const predicted = predictHeldOut(model, split);
  if (!Array.isArray(predicted)) return skipped(model, predicted);
  return {
    model,
    candidate: { model: model.name, backtest: accuracy(split.actual, predicted) },
    errors: residuals(split.actual, predicted),
  };
}

function skipped(model: CandidateModel, { code, reason }: Skip): Trial {
  return {
    model,
    candidate: { model: model.name, backtest: null, skipped: reason, skippedCode: code },
    errors: [],
  };
}

/**
 * A challenger whose fit throws, or forecasts what is not a number, is left out with the reason rather
 * than failing the forecast, since the reference still stands; the reference failing is a bug, and throws.
 */
function predictHeldOut(model: CandidateModel, split: BacktestSplit): number[] | Skip {
  if (model.name === REFERENCE_MODEL) return model.fitAndForecast(split.training, split.heldOut).values;
  try {
    const values = model.fitAndForecast(split.training, split.heldOut).values;
    if (values.every(Number.isFinite)) return values;
    return { code: 'didNotFit', reason: 'its forecasts on this data were not numbers' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { code: 'didNotFit', reason: `its fit failed on this data (${message})` };
  }
}

/** The lowest CV(RMSE); the reference keeps a tie, since a challenger must beat it to be worth its complexity. */
function choose(trials: readonly Trial[]): { winner: Trial; reason: ForecastChoice['reason'] } {
  const tried = trials.filter((trial) => trial.candidate.backtest !== null);
  const reference = tried.find((trial) => trial.model.name === REFERENCE_MODEL);
  if (!reference) throw new Error(`the reference model ${REFERENCE_MODEL} was not tried`);
  if (tried.length === 1) return { winner: reference, reason: 'onlyReference' };
  const winner = tried.reduce((best, trial) => (cvrmse(trial) < cvrmse(best) ? trial : best), reference);
  return { winner, reason: winner === reference ? 'referenceBest' : 'bestBacktest' };
}

const cvrmse = (trial: Trial): number => (trial.candidate.backtest as Accuracy).cvrmse;
