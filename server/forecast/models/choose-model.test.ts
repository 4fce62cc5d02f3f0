import { describe, expect, it } from 'vitest';
import { forecastWithBestModel } from './choose-model';
import { BALANCE_POINT, HEATING_SLOPE, splitAt, syntheticSeries } from './synthetic-series.test-helper';
import { ForecastInputError, HOUR_MS, HOURS_PER_WEEK, type Horizon } from './types';

const WEEK = HOURS_PER_WEEK;
/** Only the choice and its backtest matter here, not a forecast. */
const NO_HORIZON: Horizon = { t: [], hourOfWeek: [] };

const candidate = (choice: ReturnType<typeof forecastWithBestModel>, model: string) =>
  choice.candidates.find((entry) => entry.model === model);

/** The ForecastInputError `run` throws (failing the test when it throws none, or another kind). */
function inputError(run: () => unknown): ForecastInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof ForecastInputError) return error;
    throw error;
  }
  throw new Error('no ForecastInputError was thrown');
}

describe('forecast with the best model', () => {
  describe('a temperature-driven office', () => {
    const series = syntheticSeries({ weeks: 13, seed: 1, noise: 2, withTemperature: true });
    const { history, horizon } = splitAt(series, 12 * WEEK);
    const choice = forecastWithBestModel(history, horizon);

    it('chooses towt, which meets Guideline 14 on the held-out week, where the reference does not', () => {
      expect(choice.model).toBe('towt');
      expect(choice.reason).toBe('bestBacktest');
      expect(candidate(choice, 'towt')?.backtest?.meetsGuideline14).toBe(true);
      // Weeks alternate 12 °C apart, so last week's hour misses this week's heating by about 24 kWh.
      expect(candidate(choice, 'seasonalNaive')?.backtest?.meetsGuideline14).toBe(false);
      expect(candidate(choice, 'towt')?.backtest?.n).toBe(WEEK);
    });

    it('holds out the last week of the history, and forecasts each horizon hour with its interval', () => {
      expect(choice.heldOut).toEqual({ from: history.t[11 * WEEK], to: (history.t.at(-1) ?? 0) + HOUR_MS });
      expect(choice.forecast).toHaveLength(WEEK);
      choice.forecast.forEach((value, i) => {
        expect(choice.lower[i]).toBeLessThanOrEqual(value);
        expect(choice.upper[i]).toBeGreaterThanOrEqual(value);
      });
    });

    it('reports the temperature response it refitted on the whole history', () => {
      const { knots, slopes } = choice.temperatureResponse ?? { knots: [], slopes: [] };
      expect(slopes).toHaveLength(knots.length + 1);
      expect(knots[0]).toBeLessThan(BALANCE_POINT);
      expect(Math.abs((slopes[0] ?? 0) / HEATING_SLOPE - 1)).toBeLessThan(0.1);
    });

    it('still fits when a tenth of the hours are gaps', () => {
      const gappy = syntheticSeries({ weeks: 12, seed: 5, noise: 2, withTemperature: true, gapShare: 0.1 });
      const gappyChoice = forecastWithBestModel(gappy, NO_HORIZON);
      expect(gappyChoice.model).toBe('towt');
      expect(candidate(gappyChoice, 'towt')?.backtest?.meetsGuideline14).toBe(true);
    });
  });

  it('without a thermometer, skips towt with the reason and chooses from the others', () => {
    const profileOnly = syntheticSeries({ weeks: 8, seed: 2, noise: 1, withTemperature: false });
    const choice = forecastWithBestModel(profileOnly, NO_HORIZON);
    expect(candidate(choice, 'towt')).toEqual({
      model: 'towt',
      backtest: null,
      skipped: 'no outdoor temperature is linked',
      skippedCode: 'noTemperature',
    });
    expect(['seasonalNaive', 'holtWinters']).toContain(choice.model);
    expect(choice.reason).not.toBe('onlyReference');
    expect(candidate(choice, choice.model)?.backtest?.meetsGuideline14).toBe(true);
    expect(candidate(choice, choice.model)?.backtest?.cvrmse).toBeLessThan(10);
    expect(choice.temperatureResponse).toBeUndefined();
  });

  it('keeps the reference when no challenger beats it: a week that repeats exactly', () => {
    const repeating = syntheticSeries({ weeks: 6, seed: 7, noise: 0, withTemperature: false });
    const choice = forecastWithBestModel(repeating, NO_HORIZON);
    expect(choice.model).toBe('seasonalNaive');
    expect(choice.reason).toBe('referenceBest');
    expect(candidate(choice, 'seasonalNaive')?.backtest?.cvrmse).toBe(0);
  });

  it('bounds consumption below at zero, but lets a state that goes negative keep negative bounds', () => {
    const noisy = syntheticSeries({ weeks: 5, seed: 8, noise: 12, withTemperature: false });
    const { history, horizon } = splitAt(noisy, 4 * WEEK);
    const consumption = {
      ...history,
      y: history.y.map((value) => (value === null ? null : Math.max(0, value))),
    };
    expect(Math.min(...forecastWithBestModel(consumption, horizon).lower)).toBe(0);
    const state = { ...history, y: history.y.map((value) => (value === null ? null : value - 30)) };
    expect(Math.min(...forecastWithBestModel(state, horizon).lower)).toBeLessThan(-10);
  });

  it('skips towt, without refusing, when the temperature has fewer than half its hours', () => {
    const sparse = syntheticSeries({
      weeks: 8,
      seed: 3,
      noise: 1,
      withTemperature: true,
      temperatureGapShare: 0.6,
    });
    const choice = forecastWithBestModel(sparse, NO_HORIZON);
    expect(candidate(choice, 'towt')?.backtest).toBeNull();
    expect(candidate(choice, 'towt')?.skippedCode).toBe('temperatureGaps');
    expect(candidate(choice, 'towt')?.skipped).toMatch(
      /outdoor temperature has readings for only \d+ of the \d+ hours/,
    );
  });

  it('covers about 90 % of a noisy week it has not seen with its 90 % interval', () => {
    const noisy = syntheticSeries({ weeks: 13, seed: 4, noise: 6, withTemperature: true });
    const { history, horizon, actual } = splitAt(noisy, 12 * WEEK);
    const { lower, upper } = forecastWithBestModel(history, horizon);
    const inside = actual.filter(
      (value, i) => value !== null && value >= (lower[i] ?? 0) && value <= (upper[i] ?? 0),
    );
    const coverage = inside.length / actual.length;
    expect(coverage).toBeGreaterThanOrEqual(0.8);
    expect(coverage).toBeLessThanOrEqual(0.97);
  });

  describe('refuses input it cannot model, saying what and why', () => {
    const office = syntheticSeries({ weeks: 12, seed: 6, noise: 2, withTemperature: true });

    it('less than three weeks of readings', () => {
      const short = splitAt(office, 400).history;
      const error = inputError(() => forecastWithBestModel(short, NO_HORIZON));
      expect(error.field).toBe('history');
      expect(error.message).toMatch(
        /at least 3 weeks of hourly history are needed; .* has 400 hours with readings/i,
      );
    });

    it('a constant series', () => {
      const flat = { ...office, y: office.y.map(() => 42) };
      const error = inputError(() => forecastWithBestModel(flat, NO_HORIZON));
      expect(error.field).toBe('history');
      expect(error.message).toMatch(/every reading .* is the same value, so there is nothing to model/i);
    });

    it('mostly gaps', () => {
      const holey = { ...office, y: office.y.map((value, i) => (i % 5 < 3 ? null : value)) };
      const error = inputError(() => forecastWithBestModel(holey, NO_HORIZON));
      expect(error.field).toBe('history');
      expect(error.message).toMatch(/more than half of the hours .* have no reading \(1210 of 2016\)/i);
    });

    it('a held-out week that is mostly gaps, which leaves nothing to compare the models on', () => {
      const lastWeekMissing = {
        ...office,
        y: office.y.map((value, i) => (i >= 11 * WEEK + 40 ? null : value)),
      };
      const error = inputError(() => forecastWithBestModel(lastWeekMissing, NO_HORIZON));
      expect(error.field).toBe('history');
      expect(error.message).toMatch(
        /the last 168 hours, held out to test the models, have only 40 readings/i,
      );
    });

    it('a temperature in Kelvin', () => {
      const kelvin = { ...office, temperature: office.temperature?.map((value) => (value ?? 0) + 273.15) };
      const error = inputError(() => forecastWithBestModel(kelvin, NO_HORIZON));
      expect(error.field).toBe('temperature');
      expect(error.message).toMatch(/outside −60 to 60 °C .* not in °C/);
    });
  });
});
