import type { ExplorerDataPoint } from '../../src/generated/api-types';

export interface PointGroup {
  /** "HQ › Building A › Plant room". */
  path: string;
  points: ExplorerDataPoint[];
}

/** Data points grouped by their place in the site tree, places and points in name order. */
export function groupByPath(points: readonly ExplorerDataPoint[]): PointGroup[] {
  const groups = new Map<string, ExplorerDataPoint[]>();
  for (const point of points) {
    const path = point.path.join(' › ');
    const list = groups.get(path);
    if (list) list.push(point);
    else groups.set(path, [point]);
  }
  const byName = (a: string, b: string) =>
    a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
  return [...groups]
    .sort(([a], [b]) => byName(a, b))
    .map(([path, list]) => ({ path, points: list.sort((a, b) => byName(a.name, b.name)) }));
}

/** Picked ids with a point toggled; never more than `max`. */
export function toggleId(ids: readonly number[], id: number, max: number): number[] {
  if (ids.includes(id)) return ids.filter((other) => other !== id);
  return ids.length >= max ? [...ids] : [...ids, id];
}
