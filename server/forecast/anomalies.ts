import type {
  ForecastAnomaliesRequest,
  ForecastAnomaliesResponse,
  PointAnomalies,
} from '../../src/generated/api-types';
import { DAY_MS } from '../../src/time/civil-time';
import type { Database } from '../db/database';
import type { ExplorerPoint } from '../explorer/point-series';
import { seriesPoints } from '../explorer/point-series';
import { ApiError, fieldError } from '../http/api-error';
import { endedHours, fitPoint, thermometerFor } from './forecast-inputs';
import { round } from './round';

/** A month of hours: as far as a forecast from the weeks before keeps its footing. */
const MAX_DAYS = 31;
/** The weeks each point learns from, before the period checked. */
const TRAINING_WEEKS = 8;

/** forecastAnomalies: each point's readings in the period against its forecast from the weeks before. */
export async function forecastAnomalies(
  db: Database,
  organisationId: number,
  request: ForecastAnomaliesRequest,
  now: number,
): Promise<ForecastAnomaliesResponse> {
  const points = await seriesPoints(db, organisationId, request.dataPointIds);
  const from = Date.parse(request.from);
  const to = Math.min(Date.parse(request.to), now);
  if (!(from < Date.parse(request.to)))
    throw fieldError('/to', 'The period must end after it starts: "to" is not after "from".');
  if (Date.parse(request.to) - from > MAX_DAYS * DAY_MS)
    throw fieldError(
      '/to',
      `The period is over ${MAX_DAYS} days long: readings are checked against a forecast a month at most, so zoom in.`,
    );
  if (from >= now)
    throw fieldError('/from', 'The period starts in the future, which has no readings to check yet.');
  const checked: PointAnomalies[] = [];
  // One at a time: each is a fit on the one worker, and several at once would only queue there.
  for (const point of points) checked.push(await pointAnomalies(db, organisationId, point, from, to, now));
  return { points: checked };
}

async function pointAnomalies(
  db: Database,
  organisationId: number,
  point: ExplorerPoint,
  from: number,
  to: number,
  now: number,
): Promise<PointAnomalies> {
  const named = { dataPointId: point.id, name: point.name, unit: point.unit };
  const thermometer = await thermometerFor(db, organisationId, point, undefined);
  try {
    const { series, horizon, choice } = await fitPoint(
      db,
      organisationId,
      point,
      thermometer,
      { from: from - TRAINING_WEEKS * 7 * DAY_MS, to: from, end: to },
      now,
    );
    const readings = endedHours(series, now);
    let hoursChecked = 0;
    const hours: PointAnomalies['hours'] = [];
    horizon.t.forEach((instant, index) => {
      const actual = readings.get(instant) ?? null;
      if (actual === null) return;
      hoursChecked += 1;
      const lower = choice.lower[index] ?? 0;
      const upper = choice.upper[index] ?? 0;
      if (actual >= lower && actual <= upper) return;
      hours.push({
        t: new Date(instant).toISOString(),
        actual: round(actual, 3),
        expected: round(choice.forecast[index] ?? 0, 3),
        lower: round(lower, 3),
        upper: round(upper, 3),
      });
    });
    return { ...named, model: choice.model, unchecked: null, hoursChecked, hours };
  } catch (error) {
    // A point its history cannot model is said, not failed: the others are still checked.
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    return { ...named, model: null, unchecked: error.message, hoursChecked: 0, hours: [] };
  }
}
