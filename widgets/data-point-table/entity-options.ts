import type { SiteTreeNode } from '../../src/generated/api-types';

/** An entity a data point can be put on, with its type to label it by its place in the tree. */
export interface EntityOption {
  id: number;
  name: string;
  type: SiteTreeNode['type'];
  depth: number;
}

/** The tree as a flat list for a picker, sites first and each entity under its parent. */
export function entityOptions(nodes: readonly SiteTreeNode[], depth = 0): EntityOption[] {
  return nodes.flatMap((node) => [
    { id: node.id, name: node.name, type: node.type, depth },
    ...entityOptions(node.children, depth + 1),
  ]);
}
