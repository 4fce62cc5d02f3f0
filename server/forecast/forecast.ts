import type { ForecastRequest, ForecastResponse, ForecastStep } from '../../src/generated/api-types';
import { localDayNumber, zoneOffset } from '../../src/time/zone-offsets';
import type { Database } from '../db/database';
import { type ComputedSeries, seriesPoints } from '../explorer/point-series';
import { endedHours, fitPoint, thermometerFor } from './forecast-inputs';
import { forecastPeriod } from './forecast-period';
import type { ForecastChoice, Horizon } from './models/types';
import { round } from './round';

/** ASHRAE Guideline 14's limits for an hourly model, %. */
const GUIDELINE_14 = { cvrmseMax: 30, nmbeMax: 10 };

/**
 * forecast: the data point's hours over the training period and the horizon
 * after it, with the site's (or the chosen) outdoor temperature, fitted on
 * the worker thread; the answer in hours or local days, beside the readings
 * the horizon already has.
 */
export async function forecast(
  db: Database,
  organisationId: number,
  request: ForecastRequest,
  now: number,
): Promise<ForecastResponse> {
  const [point] = await seriesPoints(db, organisationId, [request.dataPointId]);
  if (!point) throw new Error('explorerPoints answers every id it is given');
  // Every id is checked as the organisation's before the period: another's id is a 404 whatever else is wrong.
  const thermometer = await thermometerFor(db, organisationId, point, request.temperatureDataPointId);
  const period = forecastPeriod(request, point.timeZone, now);
  const { series, history, horizon, choice } = await fitPoint(
    db,
    organisationId,
    point,
    thermometer,
    period,
    now,
  );
  const hourly = stepsOf(horizon, series, choice, now);
  return {
    dataPoint: { id: point.id, name: point.name, unit: point.unit, timeZone: point.timeZone },
    temperaturePoint: thermometer ? { id: thermometer.id, name: thermometer.name } : null,
    horizon: request.horizon ?? 'week',
    resolution: request.resolution ?? 'hour',
    training: {
      from: new Date(history.t[0] ?? period.from).toISOString(),
      to: new Date(period.to).toISOString(),
      hoursWithReadings: history.y.filter((value) => value !== null).length,
      heldOutFrom: new Date(choice.heldOut.from).toISOString(),
      heldOutTo: new Date(choice.heldOut.to).toISOString(),
    },
    model: choice.model,
    reason: choice.reason,
    candidates: choice.candidates.map((candidate) => ({
      model: candidate.model,
      backtest: candidate.backtest && {
        cvrmse: round(candidate.backtest.cvrmse, 2),
        nmbe: round(candidate.backtest.nmbe, 2),
        mape: candidate.backtest.mape === null ? null : round(candidate.backtest.mape, 2),
        hours: candidate.backtest.n,
        meetsGuideline14: candidate.backtest.meetsGuideline14,
      },
      skipped: candidate.skippedCode ?? null,
    })),
    guideline14: GUIDELINE_14,
    temperatureResponse: choice.temperatureResponse
      ? {
          knots: choice.temperatureResponse.knots.map((knot) => round(knot, 2)),
          slopes: choice.temperatureResponse.slopes.map((slope) => round(slope, 4)),
        }
      : null,
    points: request.resolution === 'day' ? byLocalDay(hourly, series, point.timeZone) : hourly,
  };
}

/** The forecast hour by hour, beside each hour's reading where it has one. */
function stepsOf(
  horizon: Horizon,
  series: ComputedSeries,
  choice: ForecastChoice,
  now: number,
): ForecastStep[] {
  const readings = endedHours(series, now);
  return horizon.t.map((instant, index) => {
    const step = {
      forecast: choice.forecast[index] ?? 0,
      lower: choice.lower[index] ?? 0,
      upper: choice.upper[index] ?? 0,
      actual: readings.get(instant) ?? null,
    };
    return { t: new Date(instant).toISOString(), ...rounded(step), outside: isOutside(step) };
  });
}

/**
 * The hours gathered into the point's local days: consumption summed, a state
 * averaged. A day's reading is given only when every one of its forecast
 * hours has one, as a part-day's total would look like a drop in use. The
 * interval's ends are summed as they are: an upper bound on the day's spread,
 * as an hour's error is rarely cancelled by the next.
 */
function byLocalDay(hours: ForecastStep[], series: ComputedSeries, timeZone: string): ForecastStep[] {
  const offset = zoneOffset(timeZone);
  const days = new Map<number, ForecastStep[]>();
  for (const hour of hours) {
    const day = localDayNumber(offset, Date.parse(hour.t));
    days.set(day, [...(days.get(day) ?? []), hour]);
  }
  const consumption = series.kind !== 'instantaneous';
  const combine = (values: number[]) => {
    const sum = values.reduce((total, value) => total + value, 0);
    return consumption ? sum : sum / values.length;
  };
  return [...days.values()].map((steps) => {
    const actuals = steps.map((step) => step.actual);
    const step = {
      forecast: combine(steps.map((hour) => hour.forecast)),
      lower: combine(steps.map((hour) => hour.lower)),
      upper: combine(steps.map((hour) => hour.upper)),
      actual: actuals.every((actual) => actual !== null) ? combine(actuals as number[]) : null,
    };
    return { t: steps[0]?.t ?? '', ...rounded(step), outside: isOutside(step) };
  });
}

function isOutside({
  actual,
  lower,
  upper,
}: {
  actual: number | null;
  lower: number;
  upper: number;
}): boolean {
  return actual !== null && (actual < lower || actual > upper);
}

function rounded(step: { forecast: number; lower: number; upper: number; actual: number | null }) {
  return {
    forecast: round(step.forecast, 3),
    lower: round(step.lower, 3),
    upper: round(step.upper, 3),
    actual: step.actual === null ? null : round(step.actual, 3),
  };
}
