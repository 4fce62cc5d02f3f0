import type { FlowCondition, FlowNode } from '../generated/api-types';

/** What a node kind gives the nodes after it: a number, a condition (true or false), or nothing (an action). */
export type FlowOutput = 'number' | 'condition' | 'none';

type Kind = FlowNode['kind'];

/** What each kind takes and gives: how many inputs, of which output, and what it gives on. */
const KINDS: Record<Kind, { takes: FlowOutput | 'none'; min: number; max: number; gives: FlowOutput }> = {
  point: { takes: 'none', min: 0, max: 0, gives: 'number' },
  sum: { takes: 'number', min: 1, max: 1, gives: 'number' },
  mean: { takes: 'number', min: 1, max: 1, gives: 'number' },
  compare: { takes: 'number', min: 1, max: 1, gives: 'condition' },
  and: { takes: 'condition', min: 2, max: 10, gives: 'condition' },
  or: { takes: 'condition', min: 2, max: 10, gives: 'condition' },
  not: { takes: 'condition', min: 1, max: 1, gives: 'condition' },
  for: { takes: 'condition', min: 1, max: 1, gives: 'condition' },
  schedule: { takes: 'condition', min: 1, max: 1, gives: 'condition' },
  notify: { takes: 'condition', min: 1, max: 1, gives: 'none' },
  write: { takes: 'condition', min: 1, max: 1, gives: 'none' },
  publish: { takes: 'condition', min: 1, max: 1, gives: 'none' },
};

export const ACTION_KINDS: ReadonlySet<Kind> = new Set(['notify', 'write', 'publish']);

/** What a node of this kind gives the nodes it leads to. */
export function outputOf(kind: Kind): FlowOutput {
  return KINDS[kind].gives;
}

/** What a node of this kind takes in, and how many: the builder offers only the nodes that fit. */
export function inputsOf(kind: Kind): { takes: FlowOutput | 'none'; min: number; max: number } {
  return KINDS[kind];
}

/** A flaw of a flow, at its JSON Pointer inside the flow (`/nodes/2`, `/edges/0/to`). */
export interface FlowProblem {
  pointer: string;
  message: string;
}

/**
 * What the schema cannot say of a flow: edges join nodes that exist, each
 * node takes the inputs its kind needs, of the right sort, no edge leads
 * back to where it came from, an aggregation reads a point, and there is an
 * action. The first problem of each place, in the order of the document.
 */
export function checkFlow(flow: Pick<FlowCondition, 'nodes' | 'edges'>): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const index = new Map<string, number>();
  flow.nodes.forEach((node, at) => {
    if (index.has(node.id))
      problems.push({
        pointer: `/nodes/${at}/id`,
        message: `Two nodes are called "${node.id}": give each its own id.`,
      });
    else index.set(node.id, at);
  });
  const inputs = new Map<string, string[]>(flow.nodes.map((node) => [node.id, []]));
  flow.edges.forEach((edge, at) => {
    for (const end of ['from', 'to'] as const) {
      if (!index.has(edge[end]))
        problems.push({ pointer: `/edges/${at}/${end}`, message: `No node is called "${edge[end]}".` });
    }
    if (!index.has(edge.from) || !index.has(edge.to)) return;
    const from = flow.nodes[index.get(edge.from) as number] as FlowNode;
    const to = flow.nodes[index.get(edge.to) as number] as FlowNode;
    const taken = inputs.get(to.id) as string[];
    if (taken.includes(from.id)) {
      problems.push({ pointer: `/edges/${at}`, message: `"${from.id}" is joined to "${to.id}" twice.` });
      return;
    }
    taken.push(from.id);
    const wanted = KINDS[to.kind].takes;
    const given = KINDS[from.kind].gives;
    if (wanted !== given) {
      problems.push({
        pointer: `/edges/${at}`,
        message:
          wanted === 'none'
            ? `A ${to.kind} node takes no input: "${from.id}" cannot lead into it.`
            : given === 'none'
              ? `An action leads nowhere: "${from.id}" cannot lead into "${to.id}".`
              : `A ${to.kind} node takes a ${wanted}, and "${from.id}" (${from.kind}) gives a ${given}.`,
      });
    }
  });
  flow.nodes.forEach((node, at) => {
    const count = (inputs.get(node.id) ?? []).length;
    const { min, max } = KINDS[node.kind];
    if (count < min || count > max) {
      problems.push({ pointer: `/nodes/${at}`, message: arityMessage(node, count, min, max) });
    }
    if ((node.kind === 'sum' || node.kind === 'mean') && count === 1) {
      const source = flow.nodes[index.get((inputs.get(node.id) as string[])[0] as string) as number];
      if (source?.kind !== 'point')
        problems.push({
          pointer: `/nodes/${at}`,
          message: `A ${node.kind} adds up the readings of a point over time: lead a point node straight into it.`,
        });
    }
  });
  const cycle = findCycle(flow.nodes, inputs);
  if (cycle)
    problems.push({
      pointer: `/nodes/${index.get(cycle[0] as string)}`,
      message: `The flow goes round in a circle (${cycle.join(' → ')}): a node cannot depend on itself.`,
    });
  if (!flow.nodes.some((node) => ACTION_KINDS.has(node.kind)))
    problems.push({
      pointer: '/nodes',
      message: 'Add an action (notify, write or publish): a flow without one does nothing.',
    });
  return problems;
}

function arityMessage(node: FlowNode, count: number, min: number, max: number): string {
  if (max === 0) return `A ${node.kind} node takes no input.`;
  const wanted = min === max ? `${min}` : `${min} to ${max}`;
  return `"${node.id}" (${node.kind}) takes ${wanted} input${max === 1 ? '' : 's'} and has ${count}.`;
}

/** A circle of nodes, in order and back to its first, if the flow has one. */
function findCycle(
  nodes: readonly FlowNode[],
  inputs: ReadonlyMap<string, readonly string[]>,
): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'open') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'open');
    path.push(id);
    for (const input of inputs.get(id) ?? []) {
      const found = visit(input);
      if (found) return found;
    }
    path.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const node of nodes) {
    const found = visit(node.id);
    if (found) return found.reverse();
  }
  return undefined;
}

/**
 * The nodes in an order where each comes after every node it takes from:
 * the order a flow is judged in. For a flow checkFlow passed.
 */
export function judgingOrder(flow: Pick<FlowCondition, 'nodes' | 'edges'>): FlowNode[] {
  const byId = new Map(flow.nodes.map((node) => [node.id, node]));
  const ordered: FlowNode[] = [];
  const placed = new Set<string>();
  const place = (node: FlowNode) => {
    if (placed.has(node.id)) return;
    placed.add(node.id);
    for (const edge of flow.edges) if (edge.to === node.id) place(byId.get(edge.from) as FlowNode);
    ordered.push(node);
  };
  for (const node of flow.nodes) place(node);
  return ordered;
}

/** The ids of the nodes that lead into `nodeId`, in the order of the edges. */
export function inputIds(flow: Pick<FlowCondition, 'edges'>, nodeId: string): string[] {
  return flow.edges.filter((edge) => edge.to === nodeId).map((edge) => edge.from);
}
