import type { Database } from '../db/database';

/**
 * A data point's kept forecast, hour start (epoch ms) → the hour's forecast:
 * the week its model's last fit forecast, which rules read as a baseline that
 * knows the weather. Undefined when the point has no kept model, or one never
 * fitted.
 */
export async function keptForecastByHour(
  db: Database,
  organisationId: number,
  dataPointId: number,
): Promise<Map<number, number> | undefined> {
  const kept = await db
    .selectFrom('forecast_models')
    .select('forecast')
    .where('organisation_id', '=', organisationId)
    .where('data_point_id', '=', dataPointId)
    .executeTakeFirst();
  if (!kept) return undefined;
  const steps = (kept.forecast ?? []) as { t: string; forecast: number }[];
  return new Map(steps.map((step) => [Date.parse(step.t), step.forecast]));
}

/** Whether the point's model is kept, fitted or not yet: a rule may be set against it before its first fit. */
export async function hasKeptModel(
  db: Database,
  organisationId: number,
  dataPointId: number,
): Promise<boolean> {
  const kept = await db
    .selectFrom('forecast_models')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('data_point_id', '=', dataPointId)
    .executeTakeFirst();
  return kept !== undefined;
}
