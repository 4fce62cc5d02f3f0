import type {
  GetChartDataByDateTimestreamRequest,
  GetChartDataByDateTimestreamResponse,
} from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';
import { explorerPoints } from './explorer-points';

/** getChartDataByDateTimestream: a stored point's readings as kept, a page at a time, oldest first. */
export async function storedReadings(
  db: Database,
  organisationId: number,
  body: GetChartDataByDateTimestreamRequest,
): Promise<GetChartDataByDateTimestreamResponse> {
  const [point] = await explorerPoints(db, organisationId, [body.dataPointId]);
  if (point?.formula) {
    throw fieldError(
      '/dataPointId',
      `"${point.name}" is a virtual data point: it is computed when shown and keeps no readings.`,
    );
  }
  const from = new Date(
    body.after && Date.parse(body.after) >= Date.parse(body.from) ? body.after : body.from,
  );
  const limit = body.limit ?? 500;
  const rows = await db
    .selectFrom('readings')
    .select(['ts', 'value', 'delta', 'quality'])
    .where('organisation_id', '=', organisationId)
    .where('data_point_id', '=', body.dataPointId)
    .where('ts', body.after ? '>' : '>=', from)
    .where('ts', '<', new Date(body.to))
    .orderBy('ts')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    readings: page.map((row) => ({
      ts: new Date(row.ts).toISOString(),
      value: row.value,
      delta: row.delta,
      estimated: row.quality === 1,
    })),
    next: rows.length > limit ? new Date((page[page.length - 1] as { ts: Date }).ts).toISOString() : null,
  };
}
