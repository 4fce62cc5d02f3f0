import { sql } from 'kysely';
import type { DataPoint } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { packedRows, unpackRows } from '../db/packed-columns';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { coveragePercent, expectedDaysAt } from './coverage';
import { entityPath, organisationEntities, subtree } from './entity-tree';

/** Which of the organisation's points to list; all of them when empty. */
export interface PointFilter {
  dataPointId?: number;
  entityId?: number;
  search?: string;
}

/**
 * The organisation's data points as Data Feeds shows them. An id of another
 * organisation's point or entity is refused like a missing one.
 */
export async function listDataPoints(
  db: Database,
  organisationId: number,
  filter: PointFilter,
  now = Date.now(),
): Promise<DataPoint[]> {
  const entities = await organisationEntities(db, organisationId);
  let query = db
    .selectFrom('data_points')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('name');
  if (filter.dataPointId !== undefined) query = query.where('id', '=', filter.dataPointId);
  if (filter.entityId !== undefined) {
    ownedOrNotFound(entities.get(filter.entityId), `entity ${filter.entityId}`);
    query = query.where('entity_id', 'in', [...subtree(entities, filter.entityId)]);
  }
  const points = await query.execute();
  if (filter.dataPointId !== undefined) ownedOrNotFound(points[0], `data point ${filter.dataPointId}`);

  const listed = points.map((point) => ({
    point,
    path: entityPath(entities, point.entity_id),
    siteId: entities.get(point.entity_id)?.siteId ?? null,
  }));
  const wanted = filter.search?.trim().toLowerCase();
  const shown = wanted
    ? listed.filter(({ point, path }) =>
        [point.name, point.intent, point.unit, ...path].some((text) => text.toLowerCase().includes(wanted)),
      )
    : listed;
  const shownIds = shown.map(({ point }) => point.id);
  const [recentDays, openSteps] = await Promise.all([
    recentDailyCounts(db, organisationId, shownIds, now),
    openStepCounts(db, organisationId, shownIds),
  ]);
  const expectedDays = expectedDaysAt(now);
  return shown.map(({ point, path, siteId }) => {
    const days = expectedDays(point.time_zone, point.interval_minutes);

    return {
      id: point.id,
      name: point.name,
      intent: point.intent,
      unit: point.unit,
      kind: point.kind,
      source: point.source,
      intervalMinutes: point.interval_minutes,
      registerMax: point.register_max,
      mqttTopic: point.mqtt_topic,
      entityId: point.entity_id,
      entityName: path.at(-1) ?? '',
      entityPath: path,
      siteId,
      timeZone: point.time_zone,
      lastValue: point.last_value,
      lastSeen: point.last_ts ? point.last_ts.toISOString() : null,
      coverage: coveragePercent(days, recentDays.get(point.id) ?? new Map()),
      readings: Number(point.readings_total),
      openSteps: openSteps.get(point.id) ?? 0,
      createdAt: point.created_at.toISOString(),
    };
  });
}

/** One of the organisation's data points as Data Feeds shows it; 404 when it has none with that id. */
export async function findDataPoint(
  db: Database,
  organisationId: number,
  dataPointId: number,
): Promise<DataPoint> {
  const [point] = await listDataPoints(db, organisationId, { dataPointId });
  return ownedOrNotFound(point, `data point ${dataPointId}`);
}

/**
 * Readings per local day (days since 1970-01-01) over the coverage window,
 * from the daily rollups: a few rows per point, read by the (organisation_id,
 * data_point_id, day) key, and packed (packed-columns.ts): decoding a row
 * apiece was most of a listing's time under load. The total is on the point
 * itself (data_points.readings_total).
 */
async function recentDailyCounts(
  db: Database,
  organisationId: number,
  pointIds: number[],
  now: number,
): Promise<Map<number, Map<number, number>>> {
  const counts = new Map<number, Map<number, number>>();
  if (pointIds.length === 0) return counts;
  // Two days more than the window, so every zone's window is inside it.
  const since = new Date(now - 32 * 86_400_000).toISOString().slice(0, 10);
  const { rows } = await sql<{ rows: string }>`
    select ${packedRows(['data_point_id', 'day_number', 'readings'])} as rows from (
      select data_point_id, day - date '1970-01-01' as day_number, readings from readings_daily
      where organisation_id = ${organisationId} and data_point_id in (${sql.join(pointIds)}) and day >= ${since}
    ) as recent`.execute(db);
  const [ids = [], days = [], readings = []] = unpackRows(rows[0]?.rows ?? '', 3);
  for (let row = 0; row < ids.length; row++) {
    const id = ids[row] as number;
    let byDay = counts.get(id);
    if (!byDay) {
      byDay = new Map();
      counts.set(id, byDay);
    }
    byDay.set(days[row] as number, readings[row] as number);
  }
  return counts;
}

/** How many suspicious register steps of each point are still to decide (server/readings/register-steps.ts). */
async function openStepCounts(
  db: Database,
  organisationId: number,
  pointIds: number[],
): Promise<Map<number, number>> {
  if (pointIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('register_steps')
    .select(['data_point_id', (eb) => eb.fn.countAll<string>().as('open')])
    .where('organisation_id', '=', organisationId)
    .where('data_point_id', 'in', pointIds)
    .where('status', '=', 'open')
    .groupBy('data_point_id')
    .execute();
  return new Map(rows.map((row) => [row.data_point_id, Number(row.open)]));
}
