import type { SiteTreeNode } from '../../src/generated/api-types';

/** A node of the tree with the nodes above it, outermost first. */
export interface PlacedNode {
  node: SiteTreeNode;
  ancestors: SiteTreeNode[];
}

/** Every node, depth first, each with its ancestors: for lists and parent pickers. */
export function flattenTree(nodes: readonly SiteTreeNode[], ancestors: SiteTreeNode[] = []): PlacedNode[] {
  return nodes.flatMap((node) => [{ node, ancestors }, ...flattenTree(node.children, [...ancestors, node])]);
}

function matches(node: SiteTreeNode, needle: string): boolean {
  return (
    node.name.toLowerCase().includes(needle) || node.tags.some((tag) => tag.toLowerCase().includes(needle))
  );
}

/**
 * The tree cut down to what matches the search by name or tag: a match keeps
 * everything under it, and the way down to it, so it is seen in its place.
 */
export function searchTree(nodes: readonly SiteTreeNode[], query: string): SiteTreeNode[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...nodes];
  return nodes.flatMap((node) => {
    if (matches(node, needle)) return [node];
    const children = searchTree(node.children, needle);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** The ids of a node and everything under it. */
export function subtreeIds(node: SiteTreeNode): Set<number> {
  return new Set(flattenTree([node]).map(({ node: member }) => member.id));
}
