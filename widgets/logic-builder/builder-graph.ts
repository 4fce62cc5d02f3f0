import type {
  AlertCondition,
  AlertRule,
  FlowCondition,
  FlowEdge,
  FlowNode,
} from '../../src/generated/api-types';
import { checkFlow, type FlowProblem, type FlowProblemCode } from '../../src/rules/flow-graph';

/** A rule of the form's kinds, shown in the builder as one step: point → check → notify. */
export type SimpleCondition = Exclude<AlertCondition, FlowCondition>;

export interface CheckNode {
  id: string;
  kind: 'check';
  x: number;
  y: number;
  condition: SimpleCondition;
}

export type BuilderNode = FlowNode | CheckNode;

/** What the builder edits: every rule, a flow or one of the form's, as nodes and edges. */
export interface BuilderGraph {
  nodes: BuilderNode[];
  edges: FlowEdge[];
}

/** What keeps a graph from being saved: a flaw of the flow, one of the builder's own, or the server's answer. */
export type GraphProblemCode =
  | FlowProblemCode
  | { code: 'checkAlone' }
  | { code: 'needsPoint' }
  | { code: 'server'; message: string };

/** A problem of the graph, on the node (or edge) it is about. */
export interface GraphProblem {
  nodeId?: string;
  problem: GraphProblemCode;
}

/** Where a step starts when added from the palette: every kind's required options, set to something that works. */
export function newNode(
  kind: FlowNode['kind'],
  id: string,
  x: number,
  y: number,
  pointId?: number,
): FlowNode {
  const at = { id, kind, x, y };
  switch (kind) {
    case 'point':
      return { ...at, ...(pointId !== undefined ? { dataPointId: pointId } : {}) };
    case 'sum':
    case 'mean':
      return { ...at, minutes: 60 };
    case 'for':
      return { ...at, minutes: 10 };
    case 'compare':
      return { ...at, op: 'above', value: 0, hysteresis: 0 };
    case 'schedule':
      return { ...at, activeHours: { days: [1, 2, 3, 4, 5], from: '07:00', to: '19:00' } };
    case 'write':
      return { ...at, value: 1, offValue: 0 };
    case 'publish':
      return { ...at, topic: 'control/output', payload: '1', offPayload: '0' };
    default:
      return at;
  }
}

/** A rule as the builder shows it: a flow as it is; one of the form's as its point, its check and notify. */
export function graphOfRule(rule: Pick<AlertRule, 'condition' | 'dataPointId'>): BuilderGraph {
  const { condition } = rule;
  if (condition.kind === 'flow') return { nodes: condition.nodes, edges: condition.edges };
  return {
    nodes: [
      { id: 'point', kind: 'point', dataPointId: rule.dataPointId, x: 0, y: 40 },
      { id: 'check', kind: 'check', condition, x: 280, y: 40 },
      { id: 'notify', kind: 'notify', x: 560, y: 40 },
    ],
    edges: [
      { from: 'point', to: 'check' },
      { from: 'check', to: 'notify' },
    ],
  };
}

/**
 * The rule's condition and point a graph saves as, or what keeps it from
 * being one: a graph of the form's shape (point → check → notify) saves as
 * the form's rule, so it opens in the form again; any other as a flow,
 * listed under its first point.
 */
export function ruleOfGraph(
  graph: BuilderGraph,
): { condition: AlertCondition; dataPointId: number } | { problems: GraphProblem[] } {
  const check = graph.nodes.find((node): node is CheckNode => node.kind === 'check');
  if (check) {
    const simple = simpleShape(graph, check);
    return simple ?? { problems: [{ nodeId: check.id, problem: { code: 'checkAlone' } }] };
  }
  const flow: FlowCondition = { kind: 'flow', nodes: graph.nodes as FlowNode[], edges: graph.edges };
  const problems = checkFlow(flow).map((problem) => onNode(flow, problem));
  const first = flow.nodes.find((node) => node.kind === 'point' && node.dataPointId !== undefined);
  if (!first) problems.push({ problem: { code: 'needsPoint' } });
  if (problems.length > 0) return { problems };
  return { condition: flow, dataPointId: first?.dataPointId as number };
}

function simpleShape(graph: BuilderGraph, check: CheckNode) {
  const point = graph.nodes.find((node): node is FlowNode => node.kind === 'point');
  const notify = graph.nodes.find((node) => node.kind === 'notify');
  const joined = (from?: BuilderNode, to?: BuilderNode) =>
    graph.edges.some((edge) => edge.from === from?.id && edge.to === to?.id);
  if (
    graph.nodes.length !== 3 ||
    graph.edges.length !== 2 ||
    point?.dataPointId === undefined ||
    !joined(point, check) ||
    !joined(check, notify)
  )
    return undefined;
  return { condition: check.condition, dataPointId: point.dataPointId };
}

/** A flow's problem on the node its pointer is in: /nodes/3/… is the fourth node, /edges/1 the second edge's target. */
function onNode(flow: FlowCondition, problem: FlowProblem): GraphProblem {
  return { nodeId: nodeAt(flow, problem.pointer), problem: problem.problem };
}

/** The node a pointer into a flow (its own, or a request's /condition/…) is in, if it is in one. */
export function nodeAt(flow: BuilderGraph, pointer: string): string | undefined {
  const node = /\/nodes\/(\d+)/.exec(pointer);
  if (node) return flow.nodes[Number(node[1])]?.id;
  const edge = /\/edges\/(\d+)/.exec(pointer);
  return edge ? flow.edges[Number(edge[1])]?.to : undefined;
}

/** An id for a new node of this kind, not yet in the graph: compare-2, compare-3… */
export function freshId(graph: BuilderGraph, kind: string): string {
  const taken = new Set(graph.nodes.map((node) => node.id));
  for (let number = 1; ; number++) {
    const id = `${kind}-${number}`;
    if (!taken.has(id)) return id;
  }
}
