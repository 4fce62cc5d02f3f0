import { fitHoltWinters, holtWintersForecast } from './holt-winters';
import { seasonalNaiveForecast } from './seasonal-naive';
import { fitTowt, TOWT_MIN_ROWS, towtForecast, towtRows } from './towt';
import type { History, Horizon, ModelName, SkipCode, TemperatureResponse } from './types';

/** A model as the chooser tries it: whether it can be tried on a history, and its forecast once fitted. */
export interface CandidateModel {
  name: ModelName;
  /** Why the model cannot be fitted to this history; undefined when it can. */
  whyNot(history: History): Skip | undefined;
  fitAndForecast(history: History, horizon: Horizon): ModelForecast;
}

export interface Skip {
  code: SkipCode;
  /** In plain English. */
  reason: string;
}

export interface ModelForecast {
  values: number[];
  temperatureResponse?: TemperatureResponse;
}

/** The reference: a challenger is chosen only when it beats this. */
export const REFERENCE_MODEL: ModelName = 'seasonalNaive';

const seasonalNaive: CandidateModel = {
  name: 'seasonalNaive',
  whyNot: () => undefined,
  fitAndForecast: (history, horizon) => ({ values: seasonalNaiveForecast(history, horizon) }),
};

const towt: CandidateModel = {
  name: 'towt',
  whyNot: whyNotTowt,
  fitAndForecast(history, horizon) {
    const fit = fitTowt(history);
    return { values: towtForecast(fit, history, horizon), temperatureResponse: fit.temperatureResponse };
  },
};

function whyNotTowt(history: History): Skip | undefined {
  const temperature = history.temperature;
  if (!temperature) return { code: 'noTemperature', reason: 'no outdoor temperature is linked' };
  const withTemperature = temperature.filter((value) => value !== null).length;
  if (withTemperature * 2 < temperature.length) {
    return {
      code: 'temperatureGaps',
      reason: `the outdoor temperature has readings for only ${withTemperature} of the ${temperature.length} hours, and at least half are needed`,
    };
  }
  const rows = towtRows(history).length;
  if (rows < TOWT_MIN_ROWS) {
    return {
      code: 'tooLittleHistory',
      reason: `only ${rows} hours have both a reading and an outdoor temperature, and at least ${TOWT_MIN_ROWS} (two weeks) are needed`,
    };
  }
  return undefined;
}

const holtWinters: CandidateModel = {
  name: 'holtWinters',
  whyNot: () => undefined,
  fitAndForecast: (history, horizon) => ({ values: holtWintersForecast(fitHoltWinters(history), horizon) }),
};

export const CANDIDATE_MODELS: readonly CandidateModel[] = [seasonalNaive, towt, holtWinters];
