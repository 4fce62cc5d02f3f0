import type { Database } from '../db/database';

/** An entity of the organisation, with what data points need of it. */
export interface PlacedEntity {
  id: number;
  name: string;
  parentId: number | null;
  siteId: number | null;
  /** Its site's time zone: the zone its data points' days are cut in. */
  timeZone: string | null;
}

/** The organisation's entities by id. Trees are small next to readings, so one query beats walking them row by row. */
export async function organisationEntities(
  db: Database,
  organisationId: number,
): Promise<Map<number, PlacedEntity>> {
  const rows = await db
    .selectFrom('entities as e')
    .leftJoin('entities as site', 'site.id', 'e.site_id')
    .select(['e.id', 'e.name', 'e.parent_id', 'e.site_id', 'site.time_zone'])
    .where('e.organisation_id', '=', organisationId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, parentId: row.parent_id, siteId: row.site_id, timeZone: row.time_zone },
    ]),
  );
}

/** Names from the root of the tree down to the entity itself. */
export function entityPath(entities: ReadonlyMap<number, PlacedEntity>, id: number): string[] {
  const path: string[] = [];
  const seen = new Set<number>();
  let current = entities.get(id);
  // A cycle cannot be made through the API, but a path must never loop forever.
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current.name);
    current = current.parentId === null ? undefined : entities.get(current.parentId);
  }
  return path;
}

/** The entity and everything below it. */
export function subtree(entities: ReadonlyMap<number, PlacedEntity>, id: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const entity of entities.values()) {
    if (entity.parentId === null) continue;
    children.set(entity.parentId, [...(children.get(entity.parentId) ?? []), entity.id]);
  }
  const found = new Set<number>([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const child of children.get(next) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      queue.push(child);
    }
  }
  return found;
}
