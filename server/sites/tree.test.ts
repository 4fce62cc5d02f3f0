import { describe, expect, it } from 'vitest';
import { PlaceTree } from './tree';

const row = (id: number, parent_id: number | null, own_points = 0) => ({ id, parent_id, own_points });

describe('PlaceTree', () => {
  const tree = new PlaceTree([
    row(1, null, 1),
    row(2, 1, 2),
    row(3, 2),
    row(4, 3, 5),
    row(5, 1),
    row(9, null),
  ]);

  it('hangs rows under their parents, keeping the given order', () => {
    expect(tree.roots().map((r) => r.id)).toEqual([1, 9]);
    expect(tree.children(1).map((r) => r.id)).toEqual([2, 5]);
    expect(tree.children(4)).toEqual([]);
  });

  it('gives the path from the top down to the parent', () => {
    expect(tree.ancestors(4).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(tree.ancestors(1)).toEqual([]);
  });

  it('collects a subtree and totals its data points', () => {
    expect(tree.subtreeIds(2).sort()).toEqual([2, 3, 4]);
    expect(tree.dataPointTotal(1)).toBe(8);
    expect(tree.dataPointTotal(3)).toBe(5);
  });

  it('treats a row whose parent was not loaded as a root', () => {
    expect(new PlaceTree([row(7, 99)]).roots().map((r) => r.id)).toEqual([7]);
  });

  it('survives a corrupted cycle without looping', () => {
    const looped = new PlaceTree([row(1, 2), row(2, 1)]);
    expect(looped.ancestors(1).map((r) => r.id)).toEqual([2]);
    expect(looped.subtreeIds(1).sort()).toEqual([1, 2]);
  });
});
