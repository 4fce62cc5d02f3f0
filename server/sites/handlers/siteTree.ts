import type { SiteTreeNode } from '../../../src/generated/api-types';
import { defineHandler } from '../../http/define-handler';
import { loadPlaces, type PlaceRow } from '../places';
import type { PlaceTree } from '../tree';

/** The whole tree of the organisation's places, with data point totals. */
export default defineHandler('siteTree', async ({ context, organisationId }) => {
  const tree = await loadPlaces(context.db, organisationId);
  return { sites: tree.roots().map((root) => treeNode(root, tree)) };
});

function treeNode(row: PlaceRow, tree: PlaceTree<PlaceRow>): SiteTreeNode {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    tags: row.tags,
    dataPointCount: tree.dataPointTotal(row.id),
    children: tree.children(row.id).map((child) => treeNode(child, tree)),
  };
}
