import type { SiteTreeNode } from '../../src/generated/api-types';

/** An entity a data point can be put on, labelled with its place in the tree. */
export interface EntityOption {
  id: number;
  label: string;
  depth: number;
}

/** The tree as a flat list for a picker, sites first and each entity under its parent. */
export function entityOptions(nodes: readonly SiteTreeNode[], depth = 0): EntityOption[] {
  return nodes.flatMap((node) => [
    { id: node.id, label: `${node.name} (${node.type})`, depth },
    ...entityOptions(node.children, depth + 1),
  ]);
}
