import { describe, expect, it } from 'vitest';
import { accuracy } from './accuracy';
import {
  BALANCE_POINT,
  HEATING_SLOPE,
  heating,
  officeProfile,
  seededGaussian,
  splitAt,
  syntheticSeries,
} from './synthetic-series.test-helper';
import { temperatureEffect } from './temperature-segments';
import { fitTowt, towtForecast } from './towt';
import { HOURS_PER_WEEK } from './types';

const WEEKS = 12;
const series = syntheticSeries({ weeks: WEEKS + 1, seed: 1, noise: 1.5, withTemperature: true });
const { history, horizon, expected } = splitAt(series, WEEKS * HOURS_PER_WEEK);
const fit = fitTowt(history);
const { knots, slopes } = fit.temperatureResponse;

/** The segments lying wholly below (or above) the balance point, where the true slope is −2 (or 0). */
const segmentSlopes = (side: 'below' | 'above') =>
  slopes.filter((_, i) =>
    side === 'below' ? (knots[i] ?? Infinity) <= BALANCE_POINT : (knots[i - 1] ?? -Infinity) >= BALANCE_POINT,
  );

describe('towt (time of week and temperature)', () => {
  it('recovers the heating slope within ±10 % on every segment below the balance point', () => {
    const below = segmentSlopes('below');
    expect(below.length).toBeGreaterThanOrEqual(2);
    for (const slope of below) expect(Math.abs(slope / HEATING_SLOPE - 1)).toBeLessThan(0.1);
  });

  it('finds no heating above the balance point, within 15 % of the heating slope', () => {
    // A segment straddling 15 °C cannot bend there and pulls its neighbours, and the warmest segment
    // rests on fewer hours: ±0.3 kWh/°C, not ±10 % of nothing.
    const above = segmentSlopes('above');
    expect(above.length).toBeGreaterThanOrEqual(1);
    for (const slope of above) expect(Math.abs(slope)).toBeLessThan(0.3);
  });

  it('keeps a straight response straight when the weather cannot tell segments apart', () => {
    // Each hour of the week sees only two temperatures (a week at 1 °C ± 3, then a week at 9 °C ± 3), all
    // below the balance point: six free slopes would fit noise, swinging from −3 to 0.
    const weeks = syntheticSeries({ weeks: 8, seed: 3, noise: 0, withTemperature: false });
    const noise = seededGaussian(3);
    const temperature = weeks.t.map((_, hour) => {
      const week = Math.floor(hour / HOURS_PER_WEEK);
      return (week % 2 === 0 ? 1 : 9) + 3 * Math.sin((2 * Math.PI * ((hour % 24) - 9)) / 24);
    });
    const y = temperature.map(
      (outdoor, hour) => officeProfile(hour % HOURS_PER_WEEK) + heating(outdoor) + 1.5 * noise(),
    );
    const straight = fitTowt({ ...weeks, y, temperature }).temperatureResponse;
    expect(straight.knots).toEqual([]);
    expect(straight.slopes[0]).toBeCloseTo(HEATING_SLOPE, 1);
  });

  it('recovers the hour-of-week profile within 2.5 kWh at every hour (0.6 kWh on average)', () => {
    // At 20 °C no heating is due, so coefficient + response there is the office profile itself.
    const errors = fit.hourOfWeekCoefficients.map(
      (coefficient, hour) =>
        (coefficient ?? Number.NaN) + temperatureEffect(fit.temperatureResponse, 20) - officeProfile(hour),
    );
    for (const error of errors) expect(Math.abs(error)).toBeLessThan(2.5);
    const meanAbsolute = errors.reduce((sum, error) => sum + Math.abs(error), 0) / errors.length;
    expect(meanAbsolute).toBeLessThan(0.6);
  });

  it('forecasts a week it has not seen within Guideline 14, close to the noise-free load', () => {
    const forecast = towtForecast(fit, history, horizon);
    const measured = accuracy(splitAt(series, WEEKS * HOURS_PER_WEEK).actual, forecast);
    expect(measured.meetsGuideline14).toBe(true);
    // Noise of 1.5 kWh on about 41 kWh: the forecast is within 5 % of the load the noise hides.
    expect(accuracy(expected, forecast).cvrmse).toBeLessThan(5);
  });

  it('takes an unknown forecast temperature from the same hour a week before, then the training mean', () => {
    const unknown = { ...horizon, temperature: horizon.hourOfWeek.map(() => null) };
    const weekBefore = { ...horizon, temperature: history.temperature?.slice(-HOURS_PER_WEEK) };
    expect(towtForecast(fit, history, unknown)).toEqual(towtForecast(fit, history, weekBefore));

    const withoutTemperatures = { ...history, temperature: history.y.map(() => null) };
    const atMean = { ...horizon, temperature: horizon.hourOfWeek.map(() => fit.meanTemperature) };
    expect(towtForecast(fit, withoutTemperatures, unknown)).toEqual(towtForecast(fit, history, atMean));
  });

  it('forecasts an hour of the week the training never saw from the same hour on the other days', () => {
    // Every Tuesday 03:00 missing: night hours all read 20 kWh before heating, as Tuesday 03:00 would have.
    const tuesdayThree = 24 + 3;
    const withoutIt = {
      ...history,
      y: history.y.map((value, i) => (i % HOURS_PER_WEEK === tuesdayThree ? null : value)),
    };
    const unseenFit = fitTowt(withoutIt);
    expect(unseenFit.hourOfWeekCoefficients[tuesdayThree]).toBeNull();
    const forecast = towtForecast(unseenFit, withoutIt, horizon);
    // Within the profile's tolerance; the mean of all hours would be about 9 kWh too high.
    expect(Math.abs((forecast[tuesdayThree] ?? 0) - (expected[tuesdayThree] ?? 0))).toBeLessThan(2.5);
  });

  it('leaves out hours with a gap in the reading or the temperature', () => {
    const gappy = syntheticSeries({
      weeks: WEEKS,
      seed: 2,
      noise: 1.5,
      withTemperature: true,
      gapShare: 0.1,
      temperatureGapShare: 0.1,
    });
    const below = fitTowt(gappy).temperatureResponse.slopes[0] ?? 0;
    expect(Math.abs(below / HEATING_SLOPE - 1)).toBeLessThan(0.1);
  });
});
