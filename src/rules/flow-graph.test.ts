import { describe, expect, it } from 'vitest';
import type { FlowCondition } from '../generated/api-types';
import { checkFlow, judgingOrder } from './flow-graph';
import { node } from './flow-node.test-helper';

/** A point over 5 for 10 minutes, notified: whole. */
const whole = (): Pick<FlowCondition, 'nodes' | 'edges'> => ({
  nodes: [
    node('tell', 'notify'),
    node('held', 'for', { minutes: 10 }),
    node('high', 'compare', { op: 'above', value: 5, hysteresis: 0 }),
    node('p', 'point', { dataPointId: 1 }),
  ],
  edges: [
    { from: 'p', to: 'high' },
    { from: 'high', to: 'held' },
    { from: 'held', to: 'tell' },
  ],
});

describe('what makes a flow whole', () => {
  it('finds nothing wrong with a whole flow, and judges each step after what it takes', () => {
    expect(checkFlow(whole())).toEqual([]);
    expect(judgingOrder(whole()).map((item) => item.id)).toEqual(['p', 'high', 'held', 'tell']);
  });

  it('names a circle in the order it goes round, at the node it starts from', () => {
    const flow = whole();
    flow.nodes.push(node('either', 'or'));
    flow.edges = [
      { from: 'p', to: 'high' },
      { from: 'high', to: 'either' },
      { from: 'held', to: 'either' },
      { from: 'either', to: 'held' },
      { from: 'held', to: 'tell' },
    ];
    const circle = checkFlow(flow).find((problem) => problem.problem.code === 'circle');
    expect(circle?.message).toBe(
      'The flow goes round in a circle (held → either → held): a node cannot depend on itself.',
    );
    expect(circle?.pointer).toBe('/nodes/1');
  });

  it('says what each step takes and what it was given, at the edge or node', () => {
    const flow = whole();
    flow.edges = [
      { from: 'p', to: 'held' },
      { from: 'tell', to: 'high' },
      { from: 'ghost', to: 'tell' },
    ];
    expect(checkFlow(flow).map(({ pointer, message }) => [pointer, message])).toEqual([
      ['/edges/0', 'A for node takes a condition, and "p" (point) gives a number.'],
      ['/edges/1', 'An action leads nowhere: "tell" cannot lead into "high".'],
      ['/edges/2/from', 'No node is called "ghost".'],
      ['/nodes/0', '"tell" (notify) takes 1 input and has 0.'],
    ]);
  });

  it('wants an aggregation fed by a point, two inputs at least for and, and an action', () => {
    const flow = {
      nodes: [
        node('p', 'point', { dataPointId: 1 }),
        node('avg', 'mean', { minutes: 5 }),
        node('again', 'sum', { minutes: 5 }),
        node('both', 'and'),
      ],
      edges: [
        { from: 'p', to: 'avg' },
        { from: 'avg', to: 'again' },
      ],
    };
    expect(checkFlow(flow).map((problem) => problem.message)).toEqual([
      'A sum adds up the readings of a point over time: lead a point node straight into it.',
      '"both" (and) takes 2–10 inputs and has 0.',
      'Add an action (notify, write or publish): a flow without one does nothing.',
    ]);
  });
});
