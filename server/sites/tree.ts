/** What the tree needs of an entity row: where it hangs and how many data points sit on it. */
export interface TreeRow {
  id: number;
  parent_id: number | null;
  own_points: number;
}

/**
 * The organisation's entities (or one site's) as a tree, built once per
 * request from a flat list, so paths, subtrees and totals cost no further
 * queries.
 */
export class PlaceTree<Row extends TreeRow> {
  readonly byId = new Map<number, Row>();
  private readonly childrenOf = new Map<number | null, Row[]>();
  private readonly totals = new Map<number, number>();

  /** rows in display order (by name): children keep that order. */
  constructor(rows: readonly Row[]) {
    for (const row of rows) this.byId.set(row.id, row);
    for (const row of rows) {
      // A parent outside the loaded rows makes the row a root of what was loaded.
      const parent = row.parent_id !== null && this.byId.has(row.parent_id) ? row.parent_id : null;
      const siblings = this.childrenOf.get(parent);
      if (siblings) siblings.push(row);
      else this.childrenOf.set(parent, [row]);
    }
  }

  roots(): Row[] {
    return this.childrenOf.get(null) ?? [];
  }

  children(id: number): Row[] {
    return this.childrenOf.get(id) ?? [];
  }

  /** The entity's ancestors, outermost first. */
  ancestors(id: number): Row[] {
    const path: Row[] = [];
    const seen = new Set([id]);
    let parentId = this.byId.get(id)?.parent_id ?? null;
    // `seen` stops a corrupted cycle from looping forever; updateEntity never writes one.
    while (parentId !== null && !seen.has(parentId)) {
      const parent = this.byId.get(parentId);
      if (!parent) break;
      path.unshift(parent);
      seen.add(parentId);
      parentId = parent.parent_id;
    }
    return path;
  }

  /** The entity and everything under it. */
  subtreeIds(id: number): number[] {
    const ids: number[] = [];
    const stack = [id];
    const seen = new Set<number>();
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (seen.has(next)) continue;
      seen.add(next);
      ids.push(next);
      for (const child of this.children(next)) stack.push(child.id);
    }
    return ids;
  }

  /** Data points on the entity and on everything under it. */
  dataPointTotal(id: number): number {
    const known = this.totals.get(id);
    if (known !== undefined) return known;
    let total = 0;
    for (const member of this.subtreeIds(id)) total += this.byId.get(member)?.own_points ?? 0;
    this.totals.set(id, total);
    return total;
  }
}
