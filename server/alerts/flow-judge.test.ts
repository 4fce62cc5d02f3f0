import { describe, expect, it } from 'vitest';
import type { FlowCondition } from '../../src/generated/api-types';
import { node } from '../../src/rules/flow-node.test-helper';
import { alertTransitions, type FlowReadings, runFlow, startFlow } from './flow-judge';

const MINUTE = 60_000;
const RULE = { activeHours: null, cooldownMinutes: 0, timeZone: 'Europe/London' };

/** Readings of each point, as [minute, value] pairs: a point's value at a moment is its last reading then. */
function readingsOf(points: Record<number, [number, number][]>): FlowReadings {
  return {
    valueAt(pointId, at) {
      const before = (points[pointId] ?? []).filter(([minute]) => minute * MINUTE <= at);
      return before.at(-1)?.[1] ?? null;
    },
    aggregate: () => null,
  };
}

describe('judging a flow', () => {
  it('fires a for step at the instant it comes due, between readings, however the moments are cut', () => {
    // Over 10 for 30 minutes, read hourly: over at 0, under at 60. Due at minute 30, with no reading then.
    const flow: FlowCondition = {
      kind: 'flow',
      nodes: [
        node('p', 'point', { dataPointId: 1 }),
        node('high', 'compare', { op: 'above', value: 10, hysteresis: 0 }),
        node('held', 'for', { minutes: 30 }),
        node('tell', 'notify'),
      ],
      edges: [
        { from: 'p', to: 'high' },
        { from: 'high', to: 'held' },
        { from: 'held', to: 'tell' },
      ],
    };
    const readings = readingsOf({
      1: [
        [0, 20],
        [60, 5],
      ],
    });
    const transitions = (moments: number[]) =>
      alertTransitions(
        flow,
        startFlow(-MINUTE),
        runFlow(
          flow,
          RULE,
          startFlow(-MINUTE),
          readings,
          moments.map((minute) => minute * MINUTE),
        ).actions,
      ).transitions.map(({ at, to }) => [at / MINUTE, to]);
    const expected = [
      [30, 'pending'],
      [30, 'firing'],
      [60, 'resolved'],
    ];
    // A replay judges at the readings; the live evaluation at each reading and each minute besides.
    expect(transitions([0, 60])).toEqual(expected);
    expect(transitions([0, 45, 60])).toEqual(expected);
  });

  it('keeps the alert open while any of its notify steps is on', () => {
    const flow: FlowCondition = {
      kind: 'flow',
      nodes: [
        node('p', 'point', { dataPointId: 1 }),
        node('over10', 'compare', { op: 'above', value: 10, hysteresis: 0 }),
        node('over20', 'compare', { op: 'above', value: 20, hysteresis: 0 }),
        node('tellLow', 'notify'),
        node('tellHigh', 'notify'),
      ],
      edges: [
        { from: 'p', to: 'over10' },
        { from: 'p', to: 'over20' },
        { from: 'over10', to: 'tellLow' },
        { from: 'over20', to: 'tellHigh' },
      ],
    };
    // 25 turns both on; 15 turns the high one off, the low one still on; 5 turns the last off.
    const readings = readingsOf({
      1: [
        [0, 25],
        [10, 15],
        [20, 5],
      ],
    });
    const run = runFlow(
      flow,
      RULE,
      startFlow(-MINUTE),
      readings,
      [0, 10, 20].map((minute) => minute * MINUTE),
    );
    const { transitions } = alertTransitions(flow, startFlow(-MINUTE), run.actions);
    expect(transitions.map(({ at, to }) => [at / MINUTE, to])).toEqual([
      [0, 'pending'],
      [0, 'firing'],
      [20, 'resolved'],
    ]);
  });
});
