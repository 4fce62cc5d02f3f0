import type { ProjectResponse, TagsResponse } from '../../src/generated/api-types';
import { ENTITY_TYPES } from './entity-types';
import type { PlaceRow } from './places';
import type { PlaceTree } from './tree';

/** Every tag in use with how many entities carry it, most used first, then by name. */
export function tagCounts(rows: Iterable<PlaceRow>): TagsResponse['tags'] {
  const counts = new Map<string, number>();
  for (const row of rows) for (const tag of row.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

/** The organisation's portfolio in figures. */
export function portfolioSummary(tree: PlaceTree<PlaceRow>): ProjectResponse {
  const entitiesByType = Object.fromEntries(
    ENTITY_TYPES.map((type) => [type, 0]),
  ) as ProjectResponse['entitiesByType'];
  let dataPoints = 0;
  for (const row of tree.byId.values()) {
    entitiesByType[row.type]++;
    dataPoints += row.own_points;
  }
  const floorAreaM2 = tree
    .roots()
    .filter((row) => row.type === 'site')
    .reduce((total, site) => total + siteFloorArea(site, tree), 0);
  return { sites: entitiesByType.site, entitiesByType, dataPoints, floorAreaM2 };
}

/** A site's own floor area or, when it has none, its buildings': never both, which would count floors twice. */
function siteFloorArea(site: PlaceRow, tree: PlaceTree<PlaceRow>): number {
  if (site.floor_area_m2 !== null) return site.floor_area_m2;
  return tree
    .children(site.id)
    .filter((child) => child.type === 'building')
    .reduce((total, building) => total + (building.floor_area_m2 ?? 0), 0);
}
