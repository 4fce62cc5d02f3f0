// What a forecast and a savings estimate both learn from: a point's hours, and its site's weather.
import { HOUR_MS } from '../../src/time/civil-time';
import { siteOutdoorThermometer } from '../datapoints/outdoor-thermometers';
import type { Database } from '../db/database';
import { type ComputedSeries, type ExplorerPoint, pointSeries, seriesPoints } from '../explorer/point-series';
import { fieldError } from '../http/api-error';
import { fitInWorker } from './fit-in-worker';
import { hoursOfWeek } from './hour-of-week';
import { type ForecastChoice, ForecastInputError, type History, type Horizon } from './models/types';
import { toCelsius } from './temperature-unit';

/**
 * The outdoor temperature for the temperature model: the one asked for, which
 * must be a temperature, or the site's own thermometer, if it has one.
 */
export async function thermometerFor(
  db: Database,
  organisationId: number,
  point: ExplorerPoint,
  askedFor: number | undefined,
): Promise<ExplorerPoint | undefined> {
  if (askedFor === undefined) {
    const found = await siteOutdoorThermometer(db, organisationId, point.id);
    return found === undefined ? undefined : (await seriesPoints(db, organisationId, [found]))[0];
  }
  const [thermometer] = await seriesPoints(db, organisationId, [askedFor]);
  if (thermometer && toCelsius(thermometer.unit) === undefined)
    throw fieldError(
      '/temperatureDataPointId',
      `"${thermometer.name}" is measured in ${thermometer.unit}, not in °C or °F: the temperature model needs an outdoor temperature.`,
    );
  if (thermometer?.id === point.id)
    throw fieldError('/temperatureDataPointId', 'A data point cannot be its own outdoor temperature.');
  return thermometer;
}

/** The hours before the training period's end are the history; those from it on, the horizon. */
export function splitAtTrainingEnd(
  series: ComputedSeries,
  temperature: ComputedSeries | undefined,
  thermometer: ExplorerPoint | undefined,
  period: { to: number },
): { history: History; horizon: Horizon } {
  const { t, v } = series.series;
  const split = t.findIndex((instant) => instant >= period.to);
  const cut = split === -1 ? t.length : split;
  // A meter newer than the period learns from its first reading on: the hours before it are not gaps.
  const firstReading = v.findIndex((value, index) => index < cut && value !== null);
  const start = firstReading === -1 ? 0 : firstReading;
  const convert = thermometer ? toCelsius(thermometer.unit) : undefined;
  const degrees = temperature && convert ? alignedTo(t, temperature, convert) : undefined;
  const weekHours = hoursOfWeek(t, series.point.timeZone);
  return {
    history: {
      t: t.slice(start, cut),
      y: v.slice(start, cut),
      hourOfWeek: weekHours.slice(start, cut),
      ...(degrees ? { temperature: degrees.slice(start, cut) } : {}),
    },
    horizon: {
      t: t.slice(cut),
      hourOfWeek: weekHours.slice(cut),
      ...(degrees ? { temperature: degrees.slice(cut) } : {}),
    },
  };
}

/** The thermometer's hourly means at the point's hours, in °C (its own zone may cut hours elsewhere). */
function alignedTo(
  instants: readonly number[],
  temperature: ComputedSeries,
  convert: (value: number) => number,
): (number | null)[] {
  const byInstant = new Map<number, number>();
  temperature.series.t.forEach((instant, index) => {
    const value = temperature.series.v[index];
    if (value !== null && value !== undefined) byInstant.set(instant, convert(value));
  });
  return instants.map((instant) => byInstant.get(instant) ?? null);
}

/** A history the models cannot work with, as a 400 on the field a person would change. */
export function refusal(
  error: ForecastInputError,
  point: ExplorerPoint,
  thermometer: ExplorerPoint | undefined,
) {
  return error.field === 'temperature'
    ? fieldError(
        '/temperatureDataPointId',
        `"${thermometer?.name ?? 'The outdoor temperature'}": ${error.message}`,
      )
    : fieldError(
        '/trainFrom',
        `"${point.name}" cannot be forecast from this training period: ${error.message}`,
      );
}

/**
 * A point's hours over [from, end), fitted on those before `to` on the worker
 * thread and forecast from `to` on: what a forecast, a savings estimate and a
 * check for unexpected readings each start from. A history the models cannot
 * work with is a 400 on the field a person would change.
 */
export async function fitPoint(
  db: Database,
  organisationId: number,
  point: ExplorerPoint,
  thermometer: ExplorerPoint | undefined,
  period: { from: number; to: number; end: number },
  now: number,
): Promise<{ series: ComputedSeries; history: History; horizon: Horizon; choice: ForecastChoice }> {
  const [series, temperature] = await pointSeries(
    db,
    organisationId,
    thermometer ? [point, thermometer] : [point],
    { from: period.from, to: period.end, resolution: 'hour', now },
  );
  if (!series) throw new Error('pointSeries answers every point it is given');
  const { history, horizon } = splitAtTrainingEnd(series, temperature, thermometer, period);
  const choice = await fitInWorker(history, horizon).catch((error: unknown) => {
    throw error instanceof ForecastInputError ? refusal(error, point, thermometer) : error;
  });
  return { series, history, horizon, choice };
}

/**
 * Each hour's reading, for the hours that have ended by `now`: the hour under
 * way holds only its first quarters' use, which would read as a drop.
 */
export function endedHours(series: ComputedSeries, now: number): Map<number, number | null> {
  return new Map(
    series.series.t.map((instant, index) => [
      instant,
      instant + HOUR_MS <= now ? (series.series.v[index] ?? null) : null,
    ]),
  );
}
