import type { Selectable } from 'kysely';
import type {
  AlertSeverity,
  FloorPlan,
  FloorPlanColourScale,
  FloorPlanMarker,
  FloorPlanSummary,
  FloorPlanZone,
} from '../../src/generated/api-types';
import { entityPath, organisationEntities, type PlacedEntity } from '../datapoints/entity-tree';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { ApiError, fieldError, notFound } from '../http/api-error';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { latestReadings } from '../live/latest-readings';
import { requireOwnDataPoints } from '../saved-views/own-points';
import type { StoredPlanImage } from '../storage/images';

type PlanRow = Selectable<Tables['floor_plans']>;

/** What a save changes of a plan. */
export interface PlanContent {
  name: string;
  markers: FloorPlanMarker[];
  zones: FloorPlanZone[];
  colourScale: FloorPlanColourScale;
}

const SEVERITY_RANK: Record<AlertSeverity, number> = { info: 0, warning: 1, critical: 2 };

/** The organisation's plans, by their places' paths. */
export async function listPlans(db: Database, organisationId: number): Promise<FloorPlanSummary[]> {
  const rows = await db
    .selectFrom('floor_plans')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .execute();
  const places = await organisationEntities(db, organisationId);
  return rows
    .map((row) => ({
      ...planFace(row, places),
      markers: (row.markers as FloorPlanMarker[]).length,
      zones: (row.zones as FloorPlanZone[]).length,
    }))
    .sort((a, b) => a.placePath.localeCompare(b.placePath) || a.id - b.id);
}

/** One of the organisation's plans as stored; 404 when it has none with that id. */
export async function findPlan(db: Database, organisationId: number, id: number): Promise<PlanRow> {
  const row = await db
    .selectFrom('floor_plans')
    .selectAll()
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return ownedOrNotFound(row, `floor plan ${id}`);
}

/** A plan as answered: its place's path, and what its points and assets show now. */
export async function presentPlan(db: Database, row: PlanRow): Promise<FloorPlan> {
  const markers = row.markers as FloorPlanMarker[];
  const zones = row.zones as FloorPlanZone[];
  const places = await organisationEntities(db, row.organisation_id);
  const pointIds = pointsShownBy({ markers, zones });
  const assetIds = [...new Set(markers.flatMap((marker) => (marker.assetId ? [marker.assetId] : [])))];
  return {
    ...planFace(row, places),
    markers,
    zones,
    colourScale: (row.colour_scale as FloorPlanColourScale) ?? null,
    revision: row.revision,
    updatedAt: new Date(row.updated_at).toISOString(),
    points: await pointsShown(db, row.organisation_id, pointIds),
    assets: assetIds.flatMap((id) => {
      const asset = places.get(id);
      return asset ? [{ id, name: asset.name }] : [];
    }),
  };
}

/** A plan's place and picture, as the list and the plan alike answer them. */
function planFace(row: PlanRow, places: ReadonlyMap<number, PlacedEntity>) {
  return {
    id: row.id,
    entityId: row.entity_id,
    placePath: entityPath(places, row.entity_id).join(' › '),
    name: row.name,
    image: row.image_key,
    width: row.image_width,
    height: row.image_height,
  };
}

/** The data points a plan's markers and zones show, each once. */
function pointsShownBy({ markers, zones }: Pick<PlanContent, 'markers' | 'zones'>): number[] {
  return [
    ...new Set([
      ...markers.flatMap((marker) => (marker.dataPointId ? [marker.dataPointId] : [])),
      ...zones.flatMap((zone) => (zone.dataPointId ? [zone.dataPointId] : [])),
    ]),
  ];
}

/** Each point with its latest reading and the most severe open alert of its rules. */
async function pointsShown(
  db: Database,
  organisationId: number,
  ids: number[],
): Promise<FloorPlan['points']> {
  if (ids.length === 0) return [];
  const points = await db
    .selectFrom('data_points')
    .select(['id', 'name', 'unit'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const latest = new Map((await latestReadings(db, ids)).map((reading) => [reading.dataPointId, reading]));
  const open = await db
    .selectFrom('alerts as a')
    .innerJoin('alert_rules as r', (join) =>
      join.onRef('r.organisation_id', '=', 'a.organisation_id').onRef('r.id', '=', 'a.rule_id'),
    )
    .select(['r.data_point_id', 'a.state', 'r.severity'])
    .where('r.data_point_id', 'in', ids)
    .where('a.state', 'in', ['pending', 'firing'])
    .execute();
  const alerts = new Map<number, { state: 'pending' | 'firing'; severity: AlertSeverity }>();
  for (const alert of open) {
    const state = alert.state as 'pending' | 'firing';
    const known = alerts.get(alert.data_point_id);
    const worse =
      !known ||
      (state === 'firing' && known.state === 'pending') ||
      (state === known.state && SEVERITY_RANK[alert.severity] > SEVERITY_RANK[known.severity]);
    if (worse) alerts.set(alert.data_point_id, { state, severity: alert.severity });
  }
  return points.map((point) => {
    const reading = latest.get(point.id);
    return {
      id: point.id,
      name: point.name,
      unit: point.unit,
      latest: reading ? { time: reading.time, value: reading.value } : null,
      alert: alerts.get(point.id) ?? null,
    };
  });
}

/**
 * Refuses what the schema cannot: two markers or zones with one key, a
 * scale whose ends are the wrong way round, a zone whose corners all lie on
 * one line, and any point or place that is not the organisation's (404).
 */
export async function checkContent(
  db: Database,
  organisationId: number,
  content: PlanContent,
): Promise<void> {
  // What the ids name first: another organisation's id is no record at all (404), whatever else is wrong.
  await requireOwnDataPoints(db, organisationId, pointsShownBy(content));
  const placeIds = [
    ...content.markers.flatMap((marker) => (marker.assetId ? [marker.assetId] : [])),
    ...content.zones.flatMap((zone) => (zone.placeId ? [zone.placeId] : [])),
  ];
  const places = await organisationEntities(db, organisationId);
  const missing = placeIds.find((id) => !places.has(id));
  if (missing !== undefined) throw notFound(`entity ${missing}`);
  content.markers.forEach((marker, index) => {
    if ((marker.dataPointId === undefined) === (marker.assetId === undefined))
      throw fieldError(
        `/markers/${index}`,
        'A marker shows one data point or one asset: give dataPointId or assetId.',
      );
  });
  repeatedKey(content.markers, '/markers');
  repeatedKey(content.zones, '/zones');
  if (content.colourScale && content.colourScale.min >= content.colourScale.max) {
    throw fieldError('/colourScale/max', 'The scale\'s "max" must be greater than its "min".');
  }
  content.zones.forEach((zone, index) => {
    if (polygonArea(zone.points) < 1e-6)
      throw fieldError(
        `/zones/${index}/points`,
        `The zone "${zone.name}" has no area: its corners lie on one line.`,
      );
  });
}

function repeatedKey(items: { key: string }[], pointer: string): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.key))
      throw fieldError(`${pointer}/${index}/key`, `The key "${item.key}" is used twice.`);
    seen.add(item.key);
  });
}

/** The shoelace formula: the area a polygon's corners enclose. */
function polygonArea(points: number[][]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1 = 0, y1 = 0] = points[i] ?? [];
    const [x2 = 0, y2 = 0] = points[(i + 1) % points.length] ?? [];
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/** The 409 of a plan saved over a revision that is not current. */
export function stalePlan(row: PlanRow, baseRevision: number, author: string | null): ApiError {
  const by = author ? ` by ${author}` : '';
  return new ApiError(
    409,
    `The floor plan is at revision ${row.revision} (saved${by} at ${new Date(row.updated_at).toISOString()}), not revision ${baseRevision} that this save started from. Nothing was saved: open the plan again, then place your changes on it.`,
  );
}

/** A new plan of one of the organisation's places, from a picture already stored; 409 when the place has one. */
export async function createPlan(
  db: Database,
  { organisationId, authorId }: { organisationId: number; authorId: string },
  { entityId, name, image }: { entityId: number; name: string; image: StoredPlanImage },
): Promise<PlanRow> {
  const places = await organisationEntities(db, organisationId);
  if (!places.has(entityId)) throw notFound(`entity ${entityId}`);
  const row = await db
    .insertInto('floor_plans')
    .values({
      organisation_id: organisationId,
      entity_id: entityId,
      name,
      image_key: image.key,
      image_width: image.width,
      image_height: image.height,
      updated_by: authorId,
    })
    .onConflict((conflict) => conflict.column('entity_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    throw new ApiError(
      409,
      `${entityPath(places, entityId).join(' › ')} has a floor plan already: change that one, or replace its picture.`,
    );
  }
  return row;
}

/** Saves a plan's content over `baseRevision`, checked; 409 when another save came first. */
export async function updatePlan(
  db: Database,
  { organisationId, authorId }: { organisationId: number; authorId: string },
  id: number,
  content: PlanContent,
  baseRevision: number,
): Promise<PlanRow> {
  await findPlan(db, organisationId, id);
  await checkContent(db, organisationId, content);
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('floor_plans as p')
      .leftJoin('users as u', 'u.id', 'p.updated_by')
      .selectAll('p')
      .select('u.name as author')
      .where('p.id', '=', id)
      .forUpdate('p')
      .executeTakeFirstOrThrow();
    if (current.revision !== baseRevision) throw stalePlan(current, baseRevision, current.author);
    return trx
      .updateTable('floor_plans')
      .set({
        name: content.name,
        markers: JSON.stringify(content.markers),
        zones: JSON.stringify(content.zones),
        colour_scale: content.colourScale === null ? null : JSON.stringify(content.colourScale),
        revision: current.revision + 1,
        updated_by: authorId,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Points the plan at its new picture; the old one is the caller's to delete. */
export async function replacePlanImage(
  db: Database,
  { organisationId, authorId }: { organisationId: number; authorId: string },
  id: number,
  image: StoredPlanImage,
): Promise<{ row: PlanRow; previousKey: string }> {
  const before = await findPlan(db, organisationId, id);
  const row = await db
    .updateTable('floor_plans')
    .set({
      image_key: image.key,
      image_width: image.width,
      image_height: image.height,
      revision: before.revision + 1,
      updated_by: authorId,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, previousKey: before.image_key };
}
