import { sql } from 'kysely';
import type { DataPoint } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { ownedOrNotFound } from '../organisations/owned';
import { coveragePercent, expectedDays } from './coverage';
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
  const stats = await readingStats(
    db,
    shown.map(({ point }) => point.id),
    now,
  );
  return shown.map(({ point, path, siteId }) => {
    const days = expectedDays(point.time_zone, point.interval_minutes, now);
    const pointStats = stats.get(point.id);
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
      coverage: coveragePercent(days, pointStats?.byDay ?? new Map()),
      readings: pointStats?.total ?? 0,
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

interface ReadingStats {
  total: number;
  byDay: Map<string, number>;
}

/**
 * Reading counts from the daily rollups, never from the readings themselves:
 * a year of quarter-hours is 35 040 rows per point, its rollup 365. The
 * recent days are sent per day for coverage, the rest summed.
 */
async function readingStats(
  db: Database,
  pointIds: number[],
  now: number,
): Promise<Map<number, ReadingStats>> {
  const stats = new Map<number, ReadingStats>();
  if (pointIds.length === 0) return stats;
  // Two days more than the window, so every zone's window is inside it.
  const since = new Date(now - 32 * 86_400_000).toISOString().slice(0, 10);
  const { rows } = await sql<{ data_point_id: number; day: string | null; readings: string }>`
    select data_point_id, case when day >= ${since}::date then day::text end as day, sum(readings) as readings
    from readings_daily
    where data_point_id = any(${pointIds}::int[])
    group by 1, 2
  `.execute(db);
  for (const row of rows) {
    const entry = stats.get(row.data_point_id) ?? { total: 0, byDay: new Map<string, number>() };
    const count = Number(row.readings);
    entry.total += count;
    if (row.day !== null) entry.byDay.set(row.day, count);
    stats.set(row.data_point_id, entry);
  }
  return stats;
}
