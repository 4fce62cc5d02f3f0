import type { ActiveHours, FlowCondition, FlowNode } from '../../src/generated/api-types';
import { ACTION_KINDS, inputIds, judgingOrder } from '../../src/rules/flow-graph';
import { isActiveAt } from './active-hours';
import type { Transition } from './evaluate';

const MINUTE_MS = 60_000;

/** What a node remembers between judgements: whether it was on, and since when its input has held. */
interface NodeMemory {
  on?: boolean;
  since?: number | null;
}

/** A flow's state between judgements, kept in its rule's state. */
export interface FlowState {
  /** The last reading judged, of any point the flow reads. */
  through: number;
  /** The last moment judged: a flow is judged in time order, never back before it. */
  at: number;
  lastFiredAt: number | null;
  nodes: Record<string, NodeMemory>;
}

/** Where the flow's point nodes read from, at a moment: the live store or the replayed history. */
export interface FlowReadings {
  /** The point's last judged value at or before `at` (a register's use per reading); null when it has none. */
  valueAt(pointId: number, at: number): number | null;
  /** The sum or mean of the point's judged values after `from`, up to and with `to`; null when there are none. */
  aggregate(pointId: number, fn: 'sum' | 'mean', from: number, to: number): number | null;
}

/** What the rule around the flow sets: when it may act, how soon again, and its point's time zone. */
export interface FlowRule {
  activeHours: ActiveHours | null;
  cooldownMinutes: number;
  timeZone: string;
}

/** An action node's output changed: it acts (on), or stops (off). */
export interface FlowAction {
  node: FlowNode;
  on: boolean;
  at: number;
  /** The flow's first input at that moment, as the alert's value. */
  value: number | null;
}

export function startFlow(at: number): FlowState {
  return { through: at, at, lastFiredAt: null, nodes: {} };
}

/**
 * A flow's steps in the order they are judged, each with the steps it takes
 * from: worked out once per run rather than at every moment judged.
 */
interface Wiring {
  steps: { node: FlowNode; inputs: string[]; sourcePoint: number | undefined }[];
  /** The flow's first point, whose value an alert shows. */
  firstPoint: number | undefined;
}

function wiringOf(flow: FlowCondition): Wiring {
  const byId = new Map(flow.nodes.map((node) => [node.id, node]));
  const steps = judgingOrder(flow).map((node) => {
    const inputs = inputIds(flow, node.id);
    return { node, inputs, sourcePoint: byId.get(inputs[0] ?? '')?.dataPointId };
  });
  return { steps, firstPoint: flow.nodes.find((node) => node.kind === 'point')?.dataPointId };
}

/**
 * Judges the flow at one moment: each node in order from what it takes,
 * and each action whose condition changed. An action starts only within
 * the rule's active hours and outside its cooldown after the last start;
 * held back, it starts at the next judgement that allows it while its
 * condition still holds. It stops whenever its condition clears.
 */
function judgeFlowAt(
  wiring: Wiring,
  rule: FlowRule,
  state: FlowState,
  readings: FlowReadings,
  at: number,
): { state: FlowState; actions: FlowAction[] } {
  const nodes: Record<string, NodeMemory> = {};
  const values = new Map<string, number | boolean | null>();
  const actions: FlowAction[] = [];
  const mayStart =
    isActiveAt(rule.activeHours, rule.timeZone, at) &&
    (state.lastFiredAt === null || at >= state.lastFiredAt + rule.cooldownMinutes * MINUTE_MS);
  let lastFiredAt = state.lastFiredAt;
  const value = wiring.firstPoint === undefined ? null : readings.valueAt(wiring.firstPoint, at);
  for (const { node, inputs, sourcePoint } of wiring.steps) {
    const taken = inputs.map((id) => values.get(id) ?? null);
    const before = state.nodes[node.id] ?? {};
    if (ACTION_KINDS.has(node.kind)) {
      const wanted = taken[0] === true;
      const was = before.on === true;
      const on = wanted && (was || mayStart);
      if (on !== was) {
        actions.push({ node, on, at, value });
        if (on) lastFiredAt = at;
      }
      nodes[node.id] = { on };
      continue;
    }
    const { output, memory } = judgeNode(node, taken, before, readings, rule.timeZone, at, sourcePoint);
    values.set(node.id, output);
    if (memory) nodes[node.id] = memory;
  }
  return { state: { ...state, at, lastFiredAt, nodes }, actions };
}

function judgeNode(
  node: FlowNode,
  taken: readonly (number | boolean | null)[],
  before: NodeMemory,
  readings: FlowReadings,
  timeZone: string,
  at: number,
  sourcePoint: number | undefined,
): { output: number | boolean | null; memory?: NodeMemory } {
  switch (node.kind) {
    case 'point':
      return { output: readings.valueAt(node.dataPointId as number, at) };
    case 'sum':
    case 'mean':
      // checkFlow leads a point straight into an aggregation.
      return {
        output: sourcePoint
          ? readings.aggregate(sourcePoint, node.kind, at - (node.minutes as number) * MINUTE_MS, at)
          : null,
      };
    case 'compare':
      return compare(node, taken[0], before);
    case 'and':
      return { output: taken.every((input) => input === true) };
    case 'or':
      return { output: taken.some((input) => input === true) };
    case 'not':
      return { output: taken[0] !== true };
    case 'for': {
      const since = taken[0] === true ? (before.since ?? at) : null;
      return {
        output: since !== null && at - since >= (node.minutes as number) * MINUTE_MS,
        memory: { since },
      };
    }
    case 'schedule':
      return { output: taken[0] === true && isActiveAt(node.activeHours as ActiveHours, timeZone, at) };
    default:
      return { output: null };
  }
}

/**
 * Above (below) `value`, and once so, until past it by `hysteresis` the
 * other way; with no number to judge it keeps what it was.
 */
function compare(
  node: FlowNode,
  input: number | boolean | null | undefined,
  before: NodeMemory,
): { output: boolean; memory: NodeMemory } {
  const was = before.on === true;
  if (typeof input !== 'number') return { output: was, memory: { on: was } };
  const limit = node.value as number;
  const hysteresis = node.hysteresis ?? 0;
  const on =
    node.op === 'above'
      ? input > limit || (was && input > limit - hysteresis)
      : input < limit || (was && input < limit + hysteresis);
  return { output: on, memory: { on } };
}

/**
 * Judges the flow at each of `moments` in turn, never back before the last
 * moment it judged: the live evaluation and the replay run flows through this.
 */
export function runFlow(
  flow: FlowCondition,
  rule: FlowRule,
  state: FlowState,
  readings: FlowReadings,
  moments: readonly number[],
): { state: FlowState; actions: FlowAction[] } {
  let now = state;
  const actions: FlowAction[] = [];
  const wiring = wiringOf(flow);
  const judge = (at: number) => {
    const step = judgeFlowAt(wiring, rule, now, readings, at);
    now = step.state;
    actions.push(...step.actions);
  };
  for (const moment of moments) {
    const at = Math.max(moment, now.at);
    // A for step that comes due between two moments is judged at the instant it does, live and replayed alike.
    for (let due = nextDue(flow, now, at); due !== undefined; due = nextDue(flow, now, at)) judge(due);
    judge(at);
  }
  return { state: now, actions };
}

/**
 * The rule's alert as the flow's actions open and close it: its notify
 * actions, or its first action when it has no notify (a flow that only
 * writes or publishes still shows when it acted).
 */
export function alertTransitions(
  flow: FlowCondition,
  before: FlowState,
  actions: readonly FlowAction[],
): { alert: 'normal' | 'firing'; transitions: Transition[]; since: number | null; firedAt: number | null } {
  const shown = flow.nodes.some((node) => node.kind === 'notify')
    ? (node: FlowNode) => node.kind === 'notify'
    : (node: FlowNode) => node.id === flow.nodes.find((item) => ACTION_KINDS.has(item.kind))?.id;
  // Open while any of its actions is on: with two notify steps, the alert resolves when the last one stops.
  const on = new Set(
    flow.nodes.filter((node) => shown(node) && before.nodes[node.id]?.on === true).map((node) => node.id),
  );
  let since: number | null = null;
  let firedAt: number | null = null;
  const transitions: Transition[] = [];
  for (const action of actions) {
    if (!shown(action.node)) continue;
    const wasOpen = on.size > 0;
    if (action.on) on.add(action.node.id);
    else on.delete(action.node.id);
    if (!wasOpen && on.size > 0) {
      transitions.push({ at: action.at, to: 'pending', value: action.value });
      transitions.push({ at: action.at, to: 'firing', value: action.value });
      since = action.at;
      firedAt = action.at;
    } else if (wasOpen && on.size === 0) {
      transitions.push({ at: action.at, to: 'resolved', value: action.value });
      since = null;
    }
  }
  return { alert: on.size > 0 ? 'firing' : 'normal', transitions, since, firedAt };
}

/** The first instant after the last judgement and before `until` when a for step's condition will have held long enough. */
function nextDue(flow: FlowCondition, state: FlowState, until: number): number | undefined {
  let first: number | undefined;
  for (const node of flow.nodes) {
    const since = node.kind === 'for' ? state.nodes[node.id]?.since : undefined;
    if (since === undefined || since === null) continue;
    const due = since + (node.minutes as number) * MINUTE_MS;
    if (due > state.at && due < until && (first === undefined || due < first)) first = due;
  }
  return first;
}
