import type { ForecastModelSaveRequest, KeptForecastModel } from '../../src/generated/api-types';
import { DAY_MS } from '../../src/time/civil-time';
import { localDayNumber, localDayStart, zoneOffset } from '../../src/time/zone-offsets';
import type { Database } from '../db/database';
import { seriesPoints } from '../explorer/point-series';
import { ApiError, notFound } from '../http/api-error';
import { forecast } from './forecast';

const WEEK = 7 * DAY_MS;
/** A kept model is refitted once its training ends more than a day back: its forecast always covers the week ahead. */
const REFIT_AFTER_MS = DAY_MS;

type Row = Awaited<ReturnType<typeof keptRows>>[number];

/** The organisation's kept models, by their data point's name. */
export async function keptModels(
  db: Database,
  organisationId: number,
  now: number,
): Promise<KeptForecastModel[]> {
  return (await keptRows(db, organisationId)).map((row) => asKept(row, now));
}

/**
 * Keeps the point's model (or changes how the kept one learns) and leaves
 * its fit to the job runner, which the caller asks to run now.
 */
export async function keepModel(
  db: Database,
  organisationId: number,
  createdBy: string,
  request: ForecastModelSaveRequest,
  now: number,
): Promise<KeptForecastModel> {
  // Both ids are checked as the organisation's: another's is a 404, whatever it is.
  await seriesPoints(db, organisationId, [
    request.dataPointId,
    ...(request.temperatureDataPointId === undefined ? [] : [request.temperatureDataPointId]),
  ]);
  await db
    .insertInto('forecast_models')
    .values({
      organisation_id: organisationId,
      data_point_id: request.dataPointId,
      temperature_data_point_id: request.temperatureDataPointId ?? null,
      training_weeks: request.trainingWeeks,
      created_by: createdBy,
    })
    .onConflict((conflict) =>
      conflict.column('data_point_id').doUpdateSet({
        temperature_data_point_id: request.temperatureDataPointId ?? null,
        training_weeks: request.trainingWeeks,
        // Learning differently now: the next run fits it again at once.
        fitted_at: null,
        last_error: null,
      }),
    )
    .execute();
  const row = (await keptRows(db, organisationId)).find((kept) => kept.data_point_id === request.dataPointId);
  if (!row) throw new Error('the kept model was just written');
  return asKept(row, now);
}

export async function forgetModel(db: Database, organisationId: number, id: number): Promise<number> {
  const deleted = await db
    .deleteFrom('forecast_models')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw notFound(`forecast model ${id}`);
  return deleted.id;
}

/**
 * The job's work: every kept model whose fit is due is fitted on the weeks
 * up to its point's last local midnight, and the week after is kept. A fit
 * the data cannot support keeps the model's last good one and says why.
 */
export async function refitDueModels(db: Database, now: number): Promise<{ fitted: number; failed: number }> {
  const due = await db
    .selectFrom('forecast_models')
    .select(['id', 'organisation_id', 'data_point_id', 'temperature_data_point_id', 'training_weeks'])
    // Never fitted (new, or failed so far), or trained more than a day back: a failing one is tried each hour.
    .where((where) =>
      where.or([where('fitted_at', 'is', null), where('trained_to', '<', new Date(now - REFIT_AFTER_MS))]),
    )
    .orderBy('id')
    .execute();
  let fitted = 0;
  let failed = 0;
  for (const model of due) {
    if (await refit(db, model, now)) fitted += 1;
    else failed += 1;
  }
  return { fitted, failed };
}

async function refit(
  db: Database,
  model: {
    id: number;
    organisation_id: number;
    data_point_id: number;
    temperature_data_point_id: number | null;
    training_weeks: number;
  },
  now: number,
): Promise<boolean> {
  const [point] = await seriesPoints(db, model.organisation_id, [model.data_point_id]);
  const offset = zoneOffset(point?.timeZone ?? 'UTC');
  const trainTo = localDayStart(offset, localDayNumber(offset, now));
  try {
    const answer = await forecast(
      db,
      model.organisation_id,
      {
        dataPointId: model.data_point_id,
        trainFrom: new Date(trainTo - model.training_weeks * WEEK).toISOString(),
        trainTo: new Date(trainTo).toISOString(),
        horizon: 'week',
        resolution: 'hour',
        ...(model.temperature_data_point_id === null
          ? {}
          : { temperatureDataPointId: model.temperature_data_point_id }),
      },
      now,
    );
    await db
      .updateTable('forecast_models')
      .set({
        model: answer.model,
        reason: answer.reason,
        candidates: JSON.stringify(answer.candidates),
        trained_from: answer.training.from,
        trained_to: answer.training.to,
        forecast: JSON.stringify(
          answer.points.map(({ t, forecast: value, lower, upper }) => ({ t, forecast: value, lower, upper })),
        ),
        fitted_at: new Date(now),
        last_error: null,
      })
      .where('id', '=', model.id)
      .execute();
    return true;
  } catch (error) {
    // Bad data is said on the model; anything else is the job's to retry and log.
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    await db
      .updateTable('forecast_models')
      .set({ last_error: error.message })
      .where('id', '=', model.id)
      .execute();
    return false;
  }
}

async function keptRows(db: Database, organisationId: number) {
  return db
    .selectFrom('forecast_models as m')
    .innerJoin('data_points as p', 'p.id', 'm.data_point_id')
    .leftJoin('data_points as w', 'w.id', 'm.temperature_data_point_id')
    .select([
      'm.id',
      'm.data_point_id',
      'p.name as point_name',
      'p.unit',
      'm.training_weeks',
      'm.temperature_data_point_id',
      'w.name as temperature_name',
      'm.model',
      'm.candidates',
      'm.trained_from',
      'm.trained_to',
      'm.fitted_at',
      'm.last_error',
    ])
    .where('m.organisation_id', '=', organisationId)
    .orderBy('p.name')
    .execute();
}

function asKept(row: Row, now: number): KeptForecastModel {
  const candidates = (row.candidates ?? []) as {
    model: string;
    backtest: { cvrmse: number; meetsGuideline14: boolean } | null;
  }[];
  const chosen = candidates.find((candidate) => candidate.model === row.model)?.backtest ?? null;
  return {
    id: row.id,
    dataPointId: row.data_point_id,
    dataPointName: row.point_name,
    unit: row.unit,
    trainingWeeks: row.training_weeks,
    temperaturePoint:
      row.temperature_data_point_id === null || row.temperature_name === null
        ? null
        : { id: row.temperature_data_point_id, name: row.temperature_name },
    model: row.model as KeptForecastModel['model'],
    cvrmse: chosen?.cvrmse ?? null,
    meetsGuideline14: chosen?.meetsGuideline14 ?? null,
    trainedFrom: iso(row.trained_from),
    trainedTo: iso(row.trained_to),
    fittedAt: iso(row.fitted_at),
    status: statusOf(row, now),
    lastError: row.last_error,
  };
}

/** Stale once its forecast week has passed: the data has moved on, and the refits since have failed. */
function statusOf(row: Row, now: number): KeptForecastModel['status'] {
  if (row.fitted_at === null || row.trained_to === null)
    return row.last_error === null ? 'waiting' : 'failed';
  return new Date(row.trained_to).getTime() + WEEK < now ? 'stale' : 'fresh';
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
