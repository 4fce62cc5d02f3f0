import type {
  ForecastSavingsRequest,
  ForecastSavingsResponse,
  SavingsCost,
  SavingsDay,
} from '../../src/generated/api-types';
import { DAY_MS } from '../../src/time/civil-time';
import { localDayNumber, zoneOffset } from '../../src/time/zone-offsets';
import type { Database } from '../db/database';
import { seriesPoints } from '../explorer/point-series';
import { fieldError } from '../http/api-error';
import { pointCosts } from '../tariffs/point-costs';
import { endedHours, fitPoint, thermometerFor } from './forecast-inputs';
import { forecastPeriod } from './forecast-period';
import { round } from './round';
import { savingsUncertainty } from './savings-uncertainty';

/** A year of reporting: Guideline 14's own span, and the tariffs' hourly pricing's too. */
const MAX_REPORTING_DAYS = 366;

/**
 * forecastSavings: the baseline's model predicts the reporting period under
 * its own weather; what the readings fall short of that is energy avoided.
 */
export async function forecastSavings(
  db: Database,
  organisationId: number,
  request: ForecastSavingsRequest,
  now: number,
): Promise<ForecastSavingsResponse> {
  const [point] = await seriesPoints(db, organisationId, [request.dataPointId]);
  if (!point) throw new Error('seriesPoints answers every id it is given');
  const thermometer = await thermometerFor(db, organisationId, point, request.temperatureDataPointId);
  if (point.kind === 'instantaneous')
    throw fieldError(
      '/dataPointId',
      `"${point.name}" is a state (${point.unit}), not a consumption: savings are measured on energy or volume used.`,
    );
  const baseline = forecastPeriod(
    { trainFrom: request.baselineFrom, trainTo: request.baselineTo },
    point.timeZone,
    now,
  );
  const reporting = reportingPeriod(request, baseline.to, now);
  // The model forecasts on from the baseline's end; the hours before the reporting period (works, say) are left out.
  const { series, history, horizon, choice } = await fitPoint(
    db,
    organisationId,
    point,
    thermometer,
    { ...baseline, end: reporting.to },
    now,
  );
  const readings = endedHours(series, now);
  const offset = zoneOffset(point.timeZone);
  const days = new Map<number, SavingsDay>();
  let predicted = 0;
  let actual = 0;
  let reportingHours = 0;
  horizon.t.forEach((instant, index) => {
    const reading = readings.get(instant) ?? null;
    if (instant < reporting.from || reading === null) return;
    const expected = choice.forecast[index] ?? 0;
    predicted += expected;
    actual += reading;
    reportingHours += 1;
    const day = localDayNumber(offset, instant);
    const sums = days.get(day) ?? { t: new Date(instant).toISOString(), predicted: 0, actual: 0 };
    days.set(day, { ...sums, predicted: sums.predicted + expected, actual: sums.actual + reading });
  });
  if (reportingHours === 0)
    throw fieldError(
      '/reportingFrom',
      `"${point.name}" has no readings in the reporting period, so there is nothing to compare with the baseline.`,
    );
  const chosen = choice.candidates.find((candidate) => candidate.model === choice.model)?.backtest;
  if (!chosen) throw new Error('the chosen model has a backtest');
  const known = history.y.filter((value): value is number => value !== null);
  const uncertaintyInput = {
    cvrmse: chosen.cvrmse,
    meanPerHour: known.reduce((sum, value) => sum + value, 0) / known.length,
    baselineHours: known.length,
    reportingHours,
    errors: choice.backtestErrors,
  };
  const savings = predicted - actual;
  const at68 = savingsUncertainty(uncertaintyInput, 68);
  const at90 = savingsUncertainty(uncertaintyInput, 90);
  return {
    dataPoint: { id: point.id, name: point.name, unit: point.unit, timeZone: point.timeZone },
    temperaturePoint: thermometer ? { id: thermometer.id, name: thermometer.name } : null,
    model: choice.model,
    baseline: {
      from: new Date(history.t[0] ?? baseline.from).toISOString(),
      to: new Date(baseline.to).toISOString(),
      hoursWithReadings: known.length,
      cvrmse: round(chosen.cvrmse, 2),
      nmbe: round(chosen.nmbe, 2),
      meetsGuideline14: chosen.meetsGuideline14,
    },
    reporting: {
      from: new Date(reporting.from).toISOString(),
      to: new Date(reporting.to).toISOString(),
      hoursWithReadings: reportingHours,
    },
    predicted: round(predicted, 3),
    actual: round(actual, 3),
    savings: round(savings, 3),
    savingsPercent: predicted === 0 ? null : round((savings / predicted) * 100, 2),
    uncertainty: {
      at68: round(at68, 3),
      at90: round(at90, 3),
      fractionAt68: savings === 0 ? null : round(at68 / Math.abs(savings), 3),
      // Guideline 14: savings must exceed twice their standard error, the 68 % uncertainty under half of them.
      meetsGuideline14: savings !== 0 && at68 < 0.5 * Math.abs(savings),
    },
    cost: await savingsCost(db, organisationId, point.id, reporting, savings, at90),
    days: [...days.values()].map((day) => ({
      t: day.t,
      predicted: round(day.predicted, 3),
      actual: round(day.actual, 3),
    })),
  };
}

function reportingPeriod(request: ForecastSavingsRequest, baselineTo: number, now: number) {
  const from = Date.parse(request.reportingFrom);
  const to = Date.parse(request.reportingTo);
  if (from < baselineTo)
    throw fieldError(
      '/reportingFrom',
      'The reporting period must start at or after the baseline ends: the same hours cannot be both.',
    );
  if (!(from < to))
    throw fieldError(
      '/reportingTo',
      'The reporting period must end after it starts: "reportingTo" is not after "reportingFrom".',
    );
  if (to > now)
    throw fieldError(
      '/reportingTo',
      'The reporting period cannot end in the future: savings are measured on readings taken.',
    );
  if (to - from > MAX_REPORTING_DAYS * DAY_MS)
    throw fieldError(
      '/reportingTo',
      `The reporting period is over ${MAX_REPORTING_DAYS} days long; measure a year at a time.`,
    );
  return { from, to };
}

/**
 * The savings priced at the reporting period's unit rate: what the point's
 * energy cost over the period, standing and demand charges left out, per unit
 * used. A saved unit is a unit not bought at about that rate; the fixed
 * charges are paid whatever is used.
 */
async function savingsCost(
  db: Database,
  organisationId: number,
  pointId: number,
  reporting: { from: number; to: number },
  savings: number,
  uncertaintyAt90: number,
): Promise<SavingsCost | null> {
  const { points } = await pointCosts(db, organisationId, {
    dataPointIds: [pointId],
    from: new Date(reporting.from).toISOString(),
    to: new Date(reporting.to).toISOString(),
    bucket: 'month',
  });
  const priced = points[0];
  if (!priced || priced.tariffId === null || !priced.currency) return null;
  const used = priced.buckets.reduce((sum, bucket) => sum + bucket.consumption, 0);
  const variable = priced.buckets.reduce(
    (sum, bucket) => sum + bucket.total - bucket.standing - bucket.demand,
    0,
  );
  if (used <= 0) return null;
  const unitPrice = variable / used;
  return {
    currency: priced.currency,
    unitPrice: round(unitPrice, 4),
    savings: round(savings * unitPrice, 2),
    uncertaintyAt90: round(uncertaintyAt90 * unitPrice, 2),
  };
}
