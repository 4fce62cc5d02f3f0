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

/** What can be wrong with a flow, with what its words name. */
export type FlowProblemCode =
  | { code: 'duplicateId'; id: string }
  | { code: 'noSuchNode'; id: string }
  | { code: 'joinedTwice'; from: string; to: string }
  | { code: 'takesNoInput'; kind: Kind; from: string }
  | { code: 'actionLeadsNowhere'; from: string; to: string }
  | { code: 'wrongSort'; kind: Kind; wanted: FlowOutput; from: string; fromKind: Kind; given: FlowOutput }
  | { code: 'inputCount'; id: string; kind: Kind; wanted: string; count: number }
  | { code: 'aggregateNeedsPoint'; kind: Kind }
  | { code: 'circle'; path: string }
  | { code: 'noAction' };

/**
 * A flaw of a flow, at its JSON Pointer inside the flow (`/nodes/2`,
 * `/edges/0/to`): the server says `message`; the builder says the same in
 * the person's language from `problem`.
 */
export interface FlowProblem {
  pointer: string;
  problem: FlowProblemCode;
  message: string;
}

/** A flaw in the API's words (English), as the server answers it. */
export function problemMessage(problem: FlowProblemCode): string {
  switch (problem.code) {
    case 'duplicateId':
      return `Two nodes are called "${problem.id}": give each its own id.`;
    case 'noSuchNode':
      return `No node is called "${problem.id}".`;
    case 'joinedTwice':
      return `"${problem.from}" is joined to "${problem.to}" twice.`;
    case 'takesNoInput':
      return `A ${problem.kind} node takes no input: "${problem.from}" cannot lead into it.`;
    case 'actionLeadsNowhere':
      return `An action leads nowhere: "${problem.from}" cannot lead into "${problem.to}".`;
    case 'wrongSort':
      return `A ${problem.kind} node takes a ${problem.wanted}, and "${problem.from}" (${problem.fromKind}) gives a ${problem.given}.`;
    case 'inputCount':
      return `"${problem.id}" (${problem.kind}) takes ${problem.wanted} input${problem.wanted === '1' ? '' : 's'} and has ${problem.count}.`;
    case 'aggregateNeedsPoint':
      return `A ${problem.kind} adds up the readings of a point over time: lead a point node straight into it.`;
    case 'circle':
      return `The flow goes round in a circle (${problem.path}): a node cannot depend on itself.`;
    case 'noAction':
      return 'Add an action (notify, write or publish): a flow without one does nothing.';
  }
}

/**
 * What the schema cannot say of a flow: edges join nodes that exist, each
 * node takes the inputs its kind needs, of the right sort, no edge leads
 * back to where it came from, an aggregation reads a point, and there is an
 * action. The first problem of each place, in the order of the document.
 */
export function checkFlow(flow: Pick<FlowCondition, 'nodes' | 'edges'>): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const flaw = (pointer: string, problem: FlowProblemCode) =>
    problems.push({ pointer, problem, message: problemMessage(problem) });
  const index = new Map<string, number>();
  flow.nodes.forEach((node, at) => {
    if (index.has(node.id)) flaw(`/nodes/${at}/id`, { code: 'duplicateId', id: node.id });
    else index.set(node.id, at);
  });
  const inputs = new Map<string, string[]>(flow.nodes.map((node) => [node.id, []]));
  flow.edges.forEach((edge, at) => {
    for (const end of ['from', 'to'] as const) {
      if (!index.has(edge[end])) flaw(`/edges/${at}/${end}`, { code: 'noSuchNode', id: edge[end] });
    }
    if (!index.has(edge.from) || !index.has(edge.to)) return;
    const from = flow.nodes[index.get(edge.from) as number] as FlowNode;
    const to = flow.nodes[index.get(edge.to) as number] as FlowNode;
    const taken = inputs.get(to.id) as string[];
    if (taken.includes(from.id)) {
      flaw(`/edges/${at}`, { code: 'joinedTwice', from: from.id, to: to.id });
      return;
    }
    taken.push(from.id);
    const wanted = KINDS[to.kind].takes;
    const given = KINDS[from.kind].gives;
    if (wanted === given) return;
    flaw(
      `/edges/${at}`,
      wanted === 'none'
        ? { code: 'takesNoInput', kind: to.kind, from: from.id }
        : given === 'none'
          ? { code: 'actionLeadsNowhere', from: from.id, to: to.id }
          : { code: 'wrongSort', kind: to.kind, wanted, from: from.id, fromKind: from.kind, given },
    );
  });
  flow.nodes.forEach((node, at) => {
    const count = (inputs.get(node.id) ?? []).length;
    const { min, max } = KINDS[node.kind];
    if (count < min || count > max) {
      flaw(
        `/nodes/${at}`,
        max === 0
          ? { code: 'takesNoInput', kind: node.kind, from: (inputs.get(node.id) ?? [])[0] ?? '' }
          : {
              code: 'inputCount',
              id: node.id,
              kind: node.kind,
              wanted: min === max ? `${min}` : `${min}–${max}`,
              count,
            },
      );
    }
    if ((node.kind === 'sum' || node.kind === 'mean') && count === 1) {
      const source = flow.nodes[index.get((inputs.get(node.id) as string[])[0] as string) as number];
      if (source?.kind !== 'point') flaw(`/nodes/${at}`, { code: 'aggregateNeedsPoint', kind: node.kind });
    }
  });
  const cycle = findCycle(flow.nodes, inputs);
  if (cycle) flaw(`/nodes/${index.get(cycle[0] as string)}`, { code: 'circle', path: cycle.join(' → ') });
  if (!flow.nodes.some((node) => ACTION_KINDS.has(node.kind))) flaw('/nodes', { code: 'noAction' });
  return problems;
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
