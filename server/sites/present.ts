import type { SiteResponse } from '../../src/generated/api-types';
import type { PlaceRow } from './places';
import type { PlaceTree } from './tree';

export type EntityView = SiteResponse['entity'];

/** An entity as the API answers it, its counts and time zone taken from the loaded tree. */
export function presentEntity(row: PlaceRow, tree: PlaceTree<PlaceRow>): EntityView {
  const siteId = row.site_id ?? row.id;
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    parentId: row.parent_id,
    siteId,
    tags: row.tags,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    floorAreaM2: row.floor_area_m2,
    // Entities below a site keep their site's time; only the site stores one.
    timeZone: tree.byId.get(siteId)?.time_zone ?? null,
    image: row.image_key,
    childCount: tree.children(row.id).length,
    dataPointCount: tree.dataPointTotal(row.id),
  };
}

/** The path from an entity's site down to its parent, for breadcrumbs and pickers; empty for a site. */
export function presentPath(row: PlaceRow, tree: PlaceTree<PlaceRow>): SiteResponse['path'] {
  return tree.ancestors(row.id).map(({ id, type, name }) => ({ id, type, name }));
}
