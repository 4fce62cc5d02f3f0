import type {
  ExplorerDataPoint,
  GetEntitesForDataExplorerRequest,
  GetEntitesForDataExplorerResponse,
} from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { notFound } from '../http/api-error';
import { formulaText } from './virtual/formula';
import { FormulaGraph } from './virtual/formula-graph';

interface Place {
  id: number;
  parent_id: number | null;
  name: string;
  tags: string[];
}

/**
 * getEntitesForDataExplorer: every data point with its place in the tree,
 * site first. A point carries the tags of its entity and of every place
 * above it, so tagging a building finds everything in it.
 */
export async function explorerEntities(
  db: Database,
  organisationId: number,
  filter: GetEntitesForDataExplorerRequest,
): Promise<GetEntitesForDataExplorerResponse> {
  const [places, points] = await Promise.all([
    db
      .selectFrom('entities')
      .select(['id', 'parent_id', 'name', 'tags'])
      .where('organisation_id', '=', organisationId)
      .execute(),
    db
      .selectFrom('data_points')
      .select([
        'id',
        'name',
        'unit',
        'kind',
        'intent',
        'entity_id',
        'formula',
        'last_ts',
        'time_zone as timeZone',
        'interval_minutes as intervalMinutes',
        'organisation_id as organisationId',
      ])
      .where('organisation_id', '=', organisationId)
      .orderBy('name')
      .execute(),
  ]);
  const byId = new Map<number, Place>(places.map((place) => [place.id, place]));
  const graph = new FormulaGraph(points);
  requireOwnScope(filter, byId, points);
  const within = scopeFilter(filter, byId);
  const listed = points.filter(within).map((point): ExplorerDataPoint => {
    const chain = ancestry(byId, point.entity_id);
    const formula = graph.formulaOf(point.id);
    return {
      id: point.id,
      name: point.name,
      unit: point.unit,
      kind: point.kind,
      intent: point.intent,
      virtual: point.formula !== null,
      formula: formula ? formulaText(formula, (id) => graph.point(id)?.name) : null,
      entityId: point.entity_id,
      path: chain.map((place) => place.name),
      tags: [...new Set(chain.flatMap((place) => place.tags))].sort(),
      lastTs: point.last_ts ? new Date(point.last_ts).toISOString() : null,
    };
  });
  return {
    dataPoints: listed.filter((point) => matches(point, filter)),
    tags: [...new Set(places.flatMap((place) => place.tags))].sort(),
  };
}

/** The places from the site down to an entity. */
function ancestry(byId: Map<number, Place>, entityId: number): Place[] {
  const chain: Place[] = [];
  for (let place = byId.get(entityId); place && chain.length < 50; place = byId.get(place.parent_id ?? -1)) {
    chain.unshift(place);
  }
  return chain;
}

/** Another organisation's place or point in the scope is refused as one that does not exist (404, not an empty list). */
function requireOwnScope(
  { siteIds = [], dataPointIds = [] }: GetEntitesForDataExplorerRequest,
  places: Map<number, Place>,
  points: readonly { id: number }[],
): void {
  const unknownPlace = siteIds.find((id) => !places.has(id));
  if (unknownPlace !== undefined) throw notFound(`place ${unknownPlace}`);
  const own = new Set(points.map((point) => point.id));
  const unknownPoint = dataPointIds.find((id) => !own.has(id));
  if (unknownPoint !== undefined) throw notFound(`data point ${unknownPoint}`);
}

/** A report's scope: its data points, or everything at or under its places; all points without one. */
function scopeFilter(
  filter: GetEntitesForDataExplorerRequest,
  byId: Map<number, Place>,
): (point: { id: number; entity_id: number }) => boolean {
  const { siteIds, dataPointIds } = filter;
  const chosen = dataPointIds && new Set(dataPointIds);
  const places = siteIds && new Set(siteIds);
  return (point) =>
    (!chosen || chosen.has(point.id)) &&
    (!places || ancestry(byId, point.entity_id).some((place) => places.has(place.id)));
}

function matches(point: ExplorerDataPoint, filter: GetEntitesForDataExplorerRequest): boolean {
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const haystack = [point.name, point.intent, point.unit, ...point.path].join('\n').toLowerCase();
    if (!haystack.includes(search)) return false;
  }
  const tags = filter.tags ?? [];
  return tags.every((tag) => point.tags.includes(tag));
}
